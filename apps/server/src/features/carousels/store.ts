import { MIN_CAROUSEL_CLIPS } from '@popstage/core/popclips';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type CarouselRow, carousels } from '../../db/schema';

export type NewCarousel = Omit<CarouselRow, 'id'>;
export type CarouselPatch = Partial<Omit<CarouselRow, 'id' | 'shopId' | 'type' | 'createdAt'>>;

/** The answer of list: newest first, at most this many. */
export const CAROUSEL_LIST_LIMIT = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The row of carousel `id`, if it is the shop's: no call reaches another shop's carousel. */
const shopsCarousel = (shopId: string, id: string) =>
  and(eq(carousels.shopId, shopId), eq(carousels.id, id));

export async function insertCarousel(db: Db, values: NewCarousel): Promise<CarouselRow> {
  const [row] = await db.insert(carousels).values(values).returning();
  if (!row) throw new Error('carousel insert returned nothing');
  return row;
}

/** The shop's carousel; undefined for another shop's or an id that is not a UUID. */
export async function findCarousel(
  db: Db,
  shopId: string,
  id: string,
): Promise<CarouselRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(carousels).where(shopsCarousel(shopId, id));
  return row;
}

export async function listCarousels(db: Db, shopId: string): Promise<CarouselRow[]> {
  return db
    .select()
    .from(carousels)
    .where(eq(carousels.shopId, shopId))
    .orderBy(desc(carousels.createdAt), desc(carousels.id))
    .limit(CAROUSEL_LIST_LIMIT);
}

export async function updateCarousel(
  db: Db,
  shopId: string,
  id: string,
  patch: CarouselPatch,
): Promise<CarouselRow | undefined> {
  const [row] = await db.update(carousels).set(patch).where(shopsCarousel(shopId, id)).returning();
  return row;
}

export async function deleteCarousel(
  db: Db,
  shopId: string,
  id: string,
): Promise<CarouselRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.delete(carousels).where(shopsCarousel(shopId, id)).returning();
  return row;
}

/** A deleted clip leaves every carousel of its shop (jsonb `-` drops matching array strings). */
/**
 * Takes a deleted clip out of the shop's carousels. A published custom carousel left with fewer
 * than MIN_CAROUSEL_CLIPS is unpublished (the storefront never shows an invalid carousel);
 * answers the carousels unpublished so.
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
