import { productPageClips } from '@popstage/core/storefront';
import type { Device, StorefrontClip, StorefrontFeed } from './types';

/** Clips of a carousel element: every clip for 'all', the carousel's order otherwise. */
export function carouselClips(feed: StorefrontFeed, carouselId: string): StorefrontClip[] {
  if (carouselId === 'all') return feed.clips;
  const carousel = feed.carousels.find((c) => c.id === carouselId);
  if (!carousel) return [];
  const byId = new Map(feed.clips.map((clip) => [clip.id, clip]));
  return carousel.clipIds.flatMap((id) => byId.get(id) ?? []);
}

/** Clips of a product page: the rule in @popstage/core that the server counts with too. */
export function productClips(
  feed: StorefrontFeed,
  productGid: string,
  device: Device,
): StorefrontClip[] {
  return productPageClips(feed.clips, productGid, device, feed.settings);
}

/** The featured clip first, then the other clips: what the viewer pages through from the bubble. */
export function featuredPlaylist(feed: StorefrontFeed): StorefrontClip[] {
  const featured = feed.featured;
  if (!featured) return [];
  return [featured, ...feed.clips.filter((clip) => clip.id !== featured.id)];
}
