import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ShopRow, shops } from '../../db/schema';

export type NewShop = typeof shops.$inferInsert;

export async function findShop(db: Db, domain: string): Promise<ShopRow | undefined> {
  const [row] = await db.select().from(shops).where(eq(shops.shopifyDomain, domain));
  return row;
}

/** Inserts the shop unless a concurrent request already did; returns the stored row. */
export async function insertShop(db: Db, values: NewShop): Promise<ShopRow> {
  await db.insert(shops).values(values).onConflictDoNothing({ target: shops.shopifyDomain });
  const row = await findShop(db, values.shopifyDomain);
  if (!row) throw new Error(`shop ${values.shopifyDomain} vanished after insert`);
  return row;
}

export async function updateShop(
  db: Db,
  domain: string,
  patch: Partial<Omit<NewShop, 'id' | 'shopifyDomain'>>,
): Promise<ShopRow> {
  const [row] = await db
    .update(shops)
    .set(patch)
    .where(eq(shops.shopifyDomain, domain))
    .returning();
  if (!row) throw new Error(`shop ${domain} is not installed`);
  return row;
}

/** Removes the shop and, through ON DELETE CASCADE, everything the app stored for it. */
export async function deleteShop(db: Db, domain: string): Promise<void> {
  await db.delete(shops).where(eq(shops.shopifyDomain, domain));
}

/** Sets one key of the shop's info document atomically (no read-modify-write race). */
export async function setShopInfoValue(
  db: Db,
  domain: string,
  key: string,
  value: unknown,
): Promise<ShopRow> {
  const patch = JSON.stringify({ [key]: value });
  return updateShop(db, domain, { info: sql`${shops.info} || ${patch}::jsonb` as never });
}
