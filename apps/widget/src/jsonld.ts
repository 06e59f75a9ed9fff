import { type VideoFacts, videoJsonLdText } from '@popstage/core/storefront';
import type { StorefrontClip } from './types';

/** What a clip shown on a product page tells search engines (core's VideoObject). */
export function clipVideoFacts(clip: StorefrontClip): VideoFacts {
  return {
    name: clip.title || 'Video',
    description: clip.title || 'Shoppable video',
    uploadDate: clip.uploadedAt,
    contentUrl: clip.videoUrl,
    thumbnailUrl: clip.posterUrl,
    durationSeconds: clip.durationSeconds,
    views: clip.views,
  };
}

/** One <script type="application/ld+json"> per clip. */
export function videoJsonLd(clip: StorefrontClip): HTMLScriptElement {
  const script = document.createElement('script');
  script.type = 'application/ld+json';
  script.dataset.popstage = clip.id;
  script.textContent = videoJsonLdText(clipVideoFacts(clip));
  return script;
}
