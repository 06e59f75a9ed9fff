import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shops, supportRequests } from '../../db/schema';

export type SupportRequestRow = typeof supportRequests.$inferSelect;

export async function insertSupportRequest(
  db: Db,
  values: typeof supportRequests.$inferInsert,
): Promise<SupportRequestRow> {
  const [row] = await db.insert(supportRequests).values(values).returning();
  if (!row) throw new Error('support request insert returned nothing');
  return row;
}

export async function supportRequestsOf(db: Db, shopId: string): Promise<SupportRequestRow[]> {
  return db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.shopId, shopId))
    .orderBy(desc(supportRequests.createdAt))
    .limit(100);
}

/** Every shop's requests, newest first: the sandbox's stand-in for the support desk. */
export async function allSupportRequests(
  db: Db,
  limit = 200,
): Promise<(SupportRequestRow & { shopDomain: string })[]> {
  const rows = await db
    .select({ request: supportRequests, shopDomain: shops.shopifyDomain })
    .from(supportRequests)
    .innerJoin(shops, eq(shops.id, supportRequests.shopId))
    .orderBy(desc(supportRequests.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row.request, shopDomain: row.shopDomain }));
}
