import { MIN_CAROUSEL_CLIPS } from '@popstage/core/popclips';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type CarouselRow, carousels } from '../../db/schema';

/**
 * A deleted clip leaves every carousel of its shop (jsonb `-` drops matching array strings). It
 * lives with the clips, not in the carousels area above them, so deleting a clip needs nothing
 * from that area. A published custom carousel left with fewer than MIN_CAROUSEL_CLIPS is
 * unpublished (the storefront never shows an invalid carousel); answers the carousels unpublished
 * so.
 */
export async function removeClipFromCarousels(
  db: Db,
  shopId: string,
  metaIdentifier: string,
): Promise<CarouselRow[]> {
  const id = sql`${metaIdentifier}::text`;
  const remaining = sql`(${carousels.typeIds} - ${id})`;
  const tooSmall = sql`(${carousels.type} = 'custom' and jsonb_array_length(${remaining}) < ${MIN_CAROUSEL_CLIPS})`;
  const contains = sql`(${carousels.typeIds} @> jsonb_build_array(${id}) or ${carousels.sortedPopclipsIds} @> jsonb_build_array(${id}))`;
  const published = await db
    .select({ id: carousels.id })
    .from(carousels)
    .where(and(eq(carousels.shopId, shopId), eq(carousels.isPublished, true), contains));
  const wasPublished = new Set(published.map((row) => row.id));
  const changed = await db
    .update(carousels)
    .set({
      typeIds: sql`case when ${carousels.type} = 'custom' then ${remaining} else ${carousels.typeIds} end`,
      sortedPopclipsIds: sql`${carousels.sortedPopclipsIds} - ${id}`,
      isPublished: sql`case when ${tooSmall} then false else ${carousels.isPublished} end`,
      publishedAt: sql`case when ${tooSmall} then null else ${carousels.publishedAt} end`,
    })
    .where(and(eq(carousels.shopId, shopId), contains))
    .returning();
  return changed.filter((row) => wasPublished.has(row.id) && !row.isPublished);
}
