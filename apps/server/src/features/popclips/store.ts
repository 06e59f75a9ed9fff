import { and, count, desc, eq, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type NewPopclipRow, type PopclipRow, popclips, shops } from '../../db/schema';

export type PopclipPatch = Partial<Omit<NewPopclipRow, 'id' | 'shopId' | 'metaIdentifier'>>;

export async function insertPopclip(db: Db, values: NewPopclipRow): Promise<PopclipRow> {
  const [row] = await db.insert(popclips).values(values).returning();
  if (!row) throw new Error('popclip insert returned nothing');
  return row;
}

export async function findPopclip(
  db: Db,
  shopId: string,
  metaIdentifier: string,
): Promise<PopclipRow | undefined> {
  const [row] = await db
    .select()
    .from(popclips)
    .where(and(eq(popclips.shopId, shopId), eq(popclips.metaIdentifier, metaIdentifier)));
  return row;
}

export async function findPopclipById(db: Db, id: string): Promise<PopclipRow | undefined> {
  const [row] = await db.select().from(popclips).where(eq(popclips.id, id));
  return row;
}

export async function findPopclipsByMetaIds(
  db: Db,
  shopId: string,
  metaIds: string[],
): Promise<PopclipRow[]> {
  const rows = await db
    .select()
    .from(popclips)
    .where(and(eq(popclips.shopId, shopId), inArray(popclips.metaIdentifier, metaIds)));
  const order = new Map(metaIds.map((id, i) => [id, i]));
  return rows.sort(
    (a, b) => (order.get(a.metaIdentifier) ?? 0) - (order.get(b.metaIdentifier) ?? 0),
  );
}

/**
 * The products tagged in each of the shop's public clips that still have a video (not
 * interrupted), newest first (the storefront's order).
 */
export async function usableClipProducts(
  db: Db,
  shopId: string,
): Promise<{ metaIdentifier: string; productIds: string[] }[]> {
  const rows = await db
    .select({
      metaIdentifier: popclips.metaIdentifier,
      status: popclips.status,
      products: popclips.products,
    })
    .from(popclips)
    // A private clip never reaches the storefront, so no carousel shows it.
    .where(and(eq(popclips.shopId, shopId), eq(popclips.isPrivate, false)))
    .orderBy(desc(popclips.createdAt), desc(popclips.id));
  return rows
    .filter((row) => row.status !== 'interrupted')
    .map((row) => ({
      metaIdentifier: row.metaIdentifier,
      productIds: row.products.map((product) => product.shopifyProductId),
    }));
}

export interface PopclipCursor {
  createdAt: Date;
  id: string;
}

/** Newest first; `after` is the last row of the previous page. One row more tells if more follow. */
export async function listPopclips(
  db: Db,
  shopId: string,
  { limit, after }: { limit: number; after: PopclipCursor | null },
): Promise<PopclipRow[]> {
  const filters = [eq(popclips.shopId, shopId)];
  if (after) {
    const older = or(
      lt(popclips.createdAt, after.createdAt),
      and(eq(popclips.createdAt, after.createdAt), lt(popclips.id, after.id)),
    );
    if (older) filters.push(older);
  }
  return db
    .select()
    .from(popclips)
    .where(and(...filters))
    .orderBy(desc(popclips.createdAt), desc(popclips.id))
    .limit(limit);
}

/** `%`, `_` and backslash in a search are literal (backslash is ILIKE's default escape). */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Newest first, the shop's clips whose title contains `search` (any case); offset paging. */
export async function searchPopclips(
  db: Db,
  shopId: string,
  { search, limit, offset }: { search: string; limit: number; offset: number },
): Promise<PopclipRow[]> {
  return db
    .select()
    .from(popclips)
    .where(and(eq(popclips.shopId, shopId), ilike(popclips.title, likePattern(search))))
    .orderBy(desc(popclips.createdAt), desc(popclips.id))
    .limit(limit)
    .offset(offset);
}

export async function countPopclips(db: Db, shopId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(popclips)
    .where(eq(popclips.shopId, shopId));
  return row?.value ?? 0;
}

/** Updates the clip; with `whenStatus`, only while it is in that state. Undefined when no row changed. */
export async function updatePopclip(
  db: Db,
  id: string,
  patch: PopclipPatch,
  whenStatus?: PopclipRow['status'],
): Promise<PopclipRow | undefined> {
  const where = whenStatus
    ? and(eq(popclips.id, id), eq(popclips.status, whenStatus))
    : eq(popclips.id, id);
  const [row] = await db.update(popclips).set(patch).where(where).returning();
  return row;
}

export async function deletePopclip(db: Db, id: string): Promise<PopclipRow | undefined> {
  const [row] = await db.delete(popclips).where(eq(popclips.id, id)).returning();
  return row;
}

/** Sets the shop's featured clip (a metaIdentifier or null). */
export async function setFeaturedPopclip(
  db: Db,
  shopId: string,
  metaIdentifier: string | null,
): Promise<void> {
  await db.update(shops).set({ featuredPopclipId: metaIdentifier }).where(eq(shops.id, shopId));
}

/** Clears the featured clip only if it is still this one (no read-modify-write race). */
export async function clearFeaturedIf(db: Db, shopId: string, metaIdentifier: string) {
  await db
    .update(shops)
    .set({ featuredPopclipId: sql`null` })
    .where(and(eq(shops.id, shopId), eq(shops.featuredPopclipId, metaIdentifier)));
}

/** The shop's clips whose processing failed, newest first (the operator console's overview). */
export function recentClipFailures(db: Db, shopId: string, limit = 10) {
  return db
    .select({
      title: popclips.title,
      failureReason: popclips.failureReason,
      updatedAt: popclips.updatedAt,
    })
    .from(popclips)
    .where(and(eq(popclips.shopId, shopId), eq(popclips.status, 'failed')))
    .orderBy(desc(popclips.updatedAt))
    .limit(limit);
}
