import { type DisplayTarget, showsOn } from '@popstage/core';
import type { Device, StorefrontClip, StorefrontFeed } from './types';

/** The product-page display target of the device the shopper browses with (spec 02 §3). */
export function pdpTarget(device: Device): DisplayTarget {
  return device === 'mobile' ? 'MOBILE_WEB_PDP' : 'WEB_PDP';
}

/** Clips of a carousel element: every clip for 'all', the carousel's order otherwise. */
export function carouselClips(feed: StorefrontFeed, carouselId: string): StorefrontClip[] {
  if (carouselId === 'all') return feed.clips;
  const carousel = feed.carousels.find((c) => c.id === carouselId);
  if (!carousel) return [];
  const byId = new Map(feed.clips.map((clip) => [clip.id, clip]));
  return carousel.clipIds.flatMap((id) => byId.get(id) ?? []);
}

/** The shopify numeric id of a product gid, or the value itself ('gid://shopify/Product/1' → '1'). */
export function productKey(id: string): string {
  return id.slice(id.lastIndexOf('/') + 1);
}

/** Clips of a product page: tagged with the product, shown on the device's product pages. */
export function productClips(
  feed: StorefrontFeed,
  productGid: string,
  device: Device,
): StorefrontClip[] {
  if (feed.settings.hidePopClipsOnPDP) return [];
  const key = productKey(productGid);
  const target = pdpTarget(device);
  return feed.clips.filter(
    (clip) =>
      showsOn(clip.displayTargets, target) &&
      clip.products.some((product) => productKey(product.id) === key),
  );
}

/** The featured clip first, then the other clips: what the viewer pages through from the bubble. */
export function featuredPlaylist(feed: StorefrontFeed): StorefrontClip[] {
  const featured = feed.featured;
  if (!featured) return [];
  return [featured, ...feed.clips.filter((clip) => clip.id !== featured.id)];
}
