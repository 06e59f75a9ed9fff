import { MIN_CAROUSEL_CLIPS } from '../popclips/constants';
import { POPCLIP_VALIDATION_MESSAGES as M } from '../popclips/messages';

/** Carousel rules (spec 02 §2, §5). */

export const CAROUSEL_TYPES = ['custom', 'collection'] as const;
export type CarouselType = (typeof CAROUSEL_TYPES)[number];

export interface CarouselFormFacts {
  title: string;
  type: CarouselType;
  /** Clip ids for 'custom', the one collection id for 'collection'. */
  typeIds: readonly string[];
}

/** The first problem of the form (shown as a toast), or null. */
export function carouselFormError({ title, type, typeIds }: CarouselFormFacts): string | null {
  if (title.trim() === '') return M.carouselTitleEmpty;
  if (type === 'custom' && typeIds.length < MIN_CAROUSEL_CLIPS) return M.carouselTooFewClips;
  if (type === 'collection' && typeIds.length !== 1) return M.carouselCollectionRequired;
  return null;
}

/**
 * The order a carousel shows `shown` (its clips, newest first) in: the merchant's stored order
 * first, then the clips it does not name, newest first (the storefront and the form's preview).
 */
export function carouselOrder(sorted: readonly string[], shown: readonly string[]): string[] {
  const present = new Set(shown);
  const first = [...new Set(sorted)].filter((id) => present.has(id));
  const named = new Set(first);
  return [...first, ...shown.filter((id) => !named.has(id))];
}

/** The storefront snippet of a carousel (the widget renders every element carrying the attribute). */
export const CAROUSEL_EMBED_ATTRIBUTE = 'data-popstage-carousel';

export function carouselEmbedHtml(carouselId: string): string {
  const safe = carouselId.replace(/[^A-Za-z0-9-]/g, '');
  return `<div ${CAROUSEL_EMBED_ATTRIBUTE}="${safe}"></div>`;
}

/** What deleting a clip does to a carousel, as the admin warns before and the server does. */
interface CarouselClipFacts {
  carousel_title: string;
  carousel_type: CarouselType;
  carousel_type_ids: readonly string[];
  is_published: boolean;
}

/**
 * The published custom carousels that deleting `metaIdentifier` leaves under 3 clips: the
 * server unpublishes them (a storefront never shows a carousel the form would refuse).
 */
export function carouselsUnpublishedByDelete<C extends CarouselClipFacts>(
  carousels: readonly C[],
  metaIdentifier: string,
): C[] {
  return carousels.filter(
    (carousel) =>
      carousel.is_published &&
      carousel.carousel_type === 'custom' &&
      carousel.carousel_type_ids.includes(metaIdentifier) &&
      carousel.carousel_type_ids.length - 1 < MIN_CAROUSEL_CLIPS,
  );
}

/** The delete modal's warning (ours: the spec has no text for it). */
export function unpublishWarning(titles: readonly string[]): string {
  const names = titles.map((title) => `"${title}"`).join(', ');
  return titles.length === 1
    ? `The published carousel ${names} would have fewer than 3 Popclips, so it will be unpublished from your storefront.`
    : `The published carousels ${names} would have fewer than 3 Popclips, so they will be unpublished from your storefront.`;
}
