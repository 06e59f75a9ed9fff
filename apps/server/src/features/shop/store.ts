import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ShopRow, shopifySessions, shops } from '../../db/schema';

export type NewShop = typeof shops.$inferInsert;

export async function selectShop(db: Db, domain: string): Promise<ShopRow | undefined> {
  const [row] = await db.select().from(shops).where(eq(shops.shopifyDomain, domain));
  return row;
}

/** Inserts the shop unless a concurrent request already did; returns the stored row. */
export async function insertShop(db: Db, values: NewShop): Promise<ShopRow> {
  await db.insert(shops).values(values).onConflictDoNothing({ target: shops.shopifyDomain });
  const row = await selectShop(db, values.shopifyDomain);
  if (!row) throw new Error(`shop ${values.shopifyDomain} vanished after insert`);
  return row;
}

export async function updateShopRow(
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
export async function deleteShopRow(db: Db, domain: string): Promise<void> {
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
  return updateShopRow(db, domain, { info: sql`${shops.info} || ${patch}::jsonb` as never });
}

/** The scopes Shopify now grants the shop (app/scopes_update); nothing without a stored token. */
export async function recordGrantedScopes(
  db: Db,
  domain: string,
  scopes: readonly string[],
): Promise<'recorded' | 'no_token'> {
  const updated = await db
    .update(shopifySessions)
    .set({ scope: scopes.join(',') })
    .where(eq(shopifySessions.shopDomain, domain))
    .returning({ shop: shopifySessions.shopDomain });
  return updated.length > 0 ? 'recorded' : 'no_token';
}
