import type { Carousel } from '@popstage/core/carousels';

/** Admin-side helpers for the carousel screens; the rules themselves live in core. */

export const CAROUSEL_TITLE_BASE = 'My Carousel';

/** "My Carousel", or "My Carousel 2", 3, ... : the first title no carousel of the shop has. */
export function suggestCarouselTitle(
  existing: readonly Pick<Carousel, 'carousel_title'>[],
): string {
  const taken = new Set(existing.map((c) => c.carousel_title.trim().toLowerCase()));
  if (!taken.has(CAROUSEL_TITLE_BASE.toLowerCase())) return CAROUSEL_TITLE_BASE;
  for (let n = 2; ; n++) {
    const title = `${CAROUSEL_TITLE_BASE} ${n}`;
    if (!taken.has(title.toLowerCase())) return title;
  }
}

/** The same list with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) {
    return [...items];
  }
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** Collections with 250 or more products show '250+ products' (spec 02 §2). */
export function productCountLabel(count: number, overLimitLabel: string, limit: number): string {
  if (count >= limit) return overLimitLabel;
  return `${count} ${count === 1 ? 'product' : 'products'}`;
}

export function editCarouselPath(carouselId: string): string {
  return `/popclips/edit-carousel?id=${encodeURIComponent(carouselId)}`;
}
