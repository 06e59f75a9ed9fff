/**
 * schema.org VideoObject of a clip, for search engines' video results: the one builder of the
 * product-page JSON-LD (widget) and the watch pages (server sharing). Zod-free for the widget.
 */

/** A tagged product the video shows, as a schema.org Product with its Offer. */
export interface VideoProduct {
  name: string;
  url: string;
  image: string | null;
  price: string;
  currency: string;
}

export interface VideoFacts {
  name: string;
  description: string;
  /** ISO 8601. Google requires uploadDate for a video to be eligible for video results. */
  uploadDate: string;
  contentUrl: string | null;
  thumbnailUrl: string | null;
  durationSeconds: number | null | undefined;
  /** A watch page: the page the video is the main content of, and the shop that publishes it. */
  page?: { url: string; publisher: string };
  transcript?: string | null;
  views?: number | undefined;
  products?: VideoProduct[];
}

/** ISO 8601 duration, as VideoObject wants it: PT1M5S. */
export function isoDuration(seconds: number): string {
  const whole = Math.max(1, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  return `PT${minutes ? `${minutes}M` : ''}${whole % 60 ? `${whole % 60}S` : ''}`;
}

export function videoObject(video: VideoFacts): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: video.name,
    description: video.description,
    uploadDate: video.uploadDate,
  };
  if (video.page) {
    data.embedUrl = video.page.url;
    data.url = video.page.url;
    data.publisher = { '@type': 'Organization', name: video.page.publisher };
  }
  if (video.thumbnailUrl) data.thumbnailUrl = [video.thumbnailUrl];
  if (video.contentUrl) data.contentUrl = video.contentUrl;
  if (video.durationSeconds && video.durationSeconds > 0) {
    data.duration = isoDuration(video.durationSeconds);
  }
  if (video.transcript) data.transcript = video.transcript;
  if (typeof video.views === 'number') {
    data.interactionStatistic = {
      '@type': 'InteractionCounter',
      interactionType: { '@type': 'WatchAction' },
      userInteractionCount: video.views,
    };
  }
  if (video.products && video.products.length > 0) {
    data.mentions = video.products.map((product) => ({
      '@type': 'Product',
      name: product.name,
      url: product.url,
      ...(product.image ? { image: product.image } : {}),
      offers: {
        '@type': 'Offer',
        price: product.price,
        priceCurrency: product.currency,
        url: product.url,
      },
    }));
  }
  return data;
}

/** The VideoObject as the text of a JSON-LD script; '<' escaped so no text can close it. */
export function videoJsonLdText(video: VideoFacts): string {
  return JSON.stringify(videoObject(video)).replace(/</g, '\\u003c');
}
