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

/** The storefront snippet of a carousel (the widget renders every element carrying the attribute). */
export const CAROUSEL_EMBED_ATTRIBUTE = 'data-popstage-carousel';

export function carouselEmbedHtml(carouselId: string): string {
  const safe = carouselId.replace(/[^A-Za-z0-9-]/g, '');
  return `<div ${CAROUSEL_EMBED_ATTRIBUTE}="${safe}"></div>`;
}
