import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptionDrafts } from '../../db/schema';

export type DraftRow = typeof subscriptionDrafts.$inferSelect;

export async function insertDraft(
  db: Db,
  values: typeof subscriptionDrafts.$inferInsert,
): Promise<DraftRow> {
  const [row] = await db.insert(subscriptionDrafts).values(values).returning();
  if (!row) throw new Error('draft insert returned nothing');
  return row;
}

export async function findDraft(db: Db, shopId: string, id: string): Promise<DraftRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptionDrafts)
    .where(and(eq(subscriptionDrafts.shopId, shopId), eq(subscriptionDrafts.id, id)));
  return row;
}
