import { Html } from '@popstage/core/html';
import { videoJsonLdText } from '@popstage/core/storefront';
import type { StoredPopclipProduct } from '../../db/schema';

/** What a watch page tells search engines about its video (core's schema.org VideoObject). */
export interface WatchVideo {
  url: string;
  title: string;
  shopName: string;
  description: string;
  videoUrl: string | null;
  posterUrl: string | null;
  durationSeconds: number | null;
  uploadedAt: Date;
  transcript: string | null;
  products: StoredPopclipProduct[];
}

/**
 * The page's JSON-LD block: the video is the page's main content (Google's video results leave
 * out pages where it is only complementary), with its thumbnail, duration, upload date, transcript
 * from the captions, and the tagged products it shows.
 */
export function videoJsonLd(video: WatchVideo): Html {
  const json = videoJsonLdText({
    name: video.title || `A Popclip from ${video.shopName}`,
    description: video.description,
    uploadDate: video.uploadedAt.toISOString(),
    contentUrl: video.videoUrl,
    thumbnailUrl: video.posterUrl,
    durationSeconds: video.durationSeconds,
    page: { url: video.url, publisher: video.shopName },
    transcript: video.transcript,
    products: video.products.map((product) => ({
      name: product.title,
      url: product.shopifyProductUrl,
      image: product.defaultImage,
      price: product.amount,
      currency: product.currencyCode,
    })),
  });
  return new Html(`<script type="application/ld+json">${json}</script>`);
}
