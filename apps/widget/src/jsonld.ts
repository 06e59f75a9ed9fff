import type { StorefrontClip } from './types';

/** schema.org VideoObject of a clip shown on a product page (for search engines' video results). */
export function videoObject(clip: StorefrontClip): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: clip.title || 'Video',
    description: clip.title || 'Shoppable video',
    // Google requires uploadDate for a VideoObject to be eligible for video results.
    uploadDate: clip.uploadedAt,
  };
  if (clip.videoUrl) data.contentUrl = clip.videoUrl;
  if (clip.posterUrl) data.thumbnailUrl = clip.posterUrl;
  if (clip.durationSeconds && clip.durationSeconds > 0) {
    data.duration = `PT${Math.round(clip.durationSeconds)}S`;
  }
  if (typeof clip.views === 'number') {
    data.interactionStatistic = {
      '@type': 'InteractionCounter',
      interactionType: { '@type': 'WatchAction' },
      userInteractionCount: clip.views,
    };
  }
  return data;
}

/** One <script type="application/ld+json"> per clip; '<' escaped so a title cannot close it. */
export function videoJsonLd(clip: StorefrontClip): HTMLScriptElement {
  const script = document.createElement('script');
  script.type = 'application/ld+json';
  script.dataset.popstage = clip.id;
  script.textContent = JSON.stringify(videoObject(clip)).replace(/</g, '\\u003c');
  return script;
}
