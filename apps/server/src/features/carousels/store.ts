import { and, desc, eq } from 'drizzle-orm';
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
