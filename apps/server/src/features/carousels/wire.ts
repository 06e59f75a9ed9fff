import { type Carousel, type CarouselEmbed, carouselEmbedHtml } from '@popstage/core/carousels';
import type { CarouselRow } from '../../db/schema';

/** The carousel as spec 02 §3 names its fields; customer_id is the shop's domain. */
export function toCarouselWire(row: CarouselRow, shopDomain: string): Carousel {
  return {
    carousel_id: row.id,
    customer_id: shopDomain,
    carousel_title: row.title,
    carousel_type: row.type,
    carousel_type_ids: row.typeIds,
    sorted_popclips_ids: row.sortedPopclipsIds,
    is_published: row.isPublished,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The storefront snippet and the theme block of a carousel (rendered by the widget). */
export function toCarouselEmbed(row: CarouselRow): CarouselEmbed {
  return {
    carousel_id: row.id,
    html: carouselEmbedHtml(row.id),
    themeBlock: { extension: 'popstage', block: 'carousel', settings: { carousel_id: row.id } },
    requiresAppEmbed: true,
  };
}
