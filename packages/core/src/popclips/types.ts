/** Popclips settings of a shop (spec 02 §7); the clip wire types are in ./contract. */

export interface PopclipsSettings {
  hidePopClipsOnPDP: boolean;
  showViewsOnPopClips: boolean;
  showLikesOnPopClips: boolean;
  enableShopFeaturesBuyBtn: boolean;
}

/** A shop's settings until it saves them (ours; recorded in docs/decisions.md). */
export const DEFAULT_POPCLIPS_SETTINGS: PopclipsSettings = {
  hidePopClipsOnPDP: false,
  showViewsOnPopClips: true,
  showLikesOnPopClips: true,
  enableShopFeaturesBuyBtn: false,
};
