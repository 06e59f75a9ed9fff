/**
 * The featured clip (spec 02 §2, §4): one per shop, kept as the shop's featuredPopclipId.
 * Ids here are clip metaIdentifiers.
 */

export interface FeaturedChange {
  /** The shop's featured clip before the change, or null. */
  currentFeaturedId: string | null;
  clipId: string;
  /** The clip's featured toggle as the merchant left it. */
  featured: boolean;
}

/** Featuring a clip while another one is featured asks to override it first. */
export function needsFeaturedOverride({
  currentFeaturedId,
  clipId,
  featured,
}: FeaturedChange): boolean {
  return featured && currentFeaturedId !== null && currentFeaturedId !== clipId;
}

/**
 * The shop's featured id once the clip is saved: the clip when featured (overriding), null when
 * the featured clip was unchecked, else unchanged.
 */
export function featuredIdAfterSave({ currentFeaturedId, clipId, featured }: FeaturedChange) {
  if (featured) return clipId;
  return currentFeaturedId === clipId ? null : currentFeaturedId;
}

/** Deleting the featured clip clears the featured clip. */
export function featuredIdAfterDelete(
  currentFeaturedId: string | null,
  deletedId: string,
): string | null {
  return currentFeaturedId === deletedId ? null : currentFeaturedId;
}

/** Cancel in the override dialog unmarks the toggle: the clip is saved as not featured. */
export const FEATURED_OVERRIDE_CANCELLED = false;
