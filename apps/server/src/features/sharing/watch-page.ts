import { Html } from '@popstage/core/html';
import type { StoredPopclipProduct } from '../../db/schema';

/** What a watch page tells search engines about its video (schema.org VideoObject). */
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

/** ISO 8601 duration, as VideoObject wants it: PT1M5S. */
export function isoDuration(seconds: number): string {
  const whole = Math.max(1, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  return `PT${minutes ? `${minutes}M` : ''}${whole % 60 ? `${whole % 60}S` : ''}`;
}

/**
 * The page's VideoObject: the video is the page's main content (Google's video results leave out
 * pages where it is only complementary), with its thumbnail, duration, upload date, transcript
 * from the captions, and the tagged products it shows.
 */
export function videoObject(video: WatchVideo): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: video.title || `A Popclip from ${video.shopName}`,
    description: video.description,
    uploadDate: video.uploadedAt.toISOString(),
    embedUrl: video.url,
    url: video.url,
    publisher: { '@type': 'Organization', name: video.shopName },
  };
  if (video.posterUrl) data.thumbnailUrl = [video.posterUrl];
  if (video.videoUrl) data.contentUrl = video.videoUrl;
  if (video.durationSeconds && video.durationSeconds > 0) {
    data.duration = isoDuration(video.durationSeconds);
  }
  if (video.transcript) data.transcript = video.transcript;
  if (video.products.length > 0) {
    data.mentions = video.products.map((product) => ({
      '@type': 'Product',
      name: product.title,
      url: product.shopifyProductUrl,
      ...(product.defaultImage ? { image: product.defaultImage } : {}),
      offers: {
        '@type': 'Offer',
        price: product.amount,
        priceCurrency: product.currencyCode,
        url: product.shopifyProductUrl,
      },
    }));
  }
  return data;
}

/** The JSON-LD block; '<' escaped so no text can close the script element. */
export function videoJsonLd(video: WatchVideo): Html {
  const json = JSON.stringify(videoObject(video)).replace(/</g, '\\u003c');
  return new Html(`<script type="application/ld+json">${json}</script>`);
}
