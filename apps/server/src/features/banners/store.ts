import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bannerDismissals, bannerRules } from '../../db/schema';

export type BannerRuleRow = typeof bannerRules.$inferSelect;
type BannerRuleValues = Omit<typeof bannerRules.$inferInsert, 'id' | 'createdAt'>;

export async function allBannerRules(db: Db): Promise<(BannerRuleRow & { dismissals: number })[]> {
  const rows = await db
    .select({ rule: bannerRules, dismissals: count(bannerDismissals.shopId) })
    .from(bannerRules)
    .leftJoin(bannerDismissals, eq(bannerDismissals.ruleId, bannerRules.id))
    .groupBy(bannerRules.id)
    .orderBy(desc(bannerRules.createdAt));
  return rows.map((row) => ({ ...row.rule, dismissals: row.dismissals }));
}

export async function findBannerRule(db: Db, id: string): Promise<BannerRuleRow | undefined> {
  const [row] = await db.select().from(bannerRules).where(eq(bannerRules.id, id));
  return row;
}

export async function insertBannerRule(
  db: Db,
  values: BannerRuleValues & { createdAt: Date },
): Promise<BannerRuleRow> {
  const [row] = await db.insert(bannerRules).values(values).returning();
  if (!row) throw new Error('banner rule insert returned nothing');
  return row;
}

export async function updateBannerRule(
  db: Db,
  id: string,
  values: BannerRuleValues,
): Promise<BannerRuleRow | undefined> {
  const [row] = await db.update(bannerRules).set(values).where(eq(bannerRules.id, id)).returning();
  return row;
}

export async function deleteBannerRule(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(bannerRules).where(eq(bannerRules.id, id)).returning();
  return deleted.length > 0;
}

/** Active rules with whether this shop dismissed each. */
export async function activeRulesForShop(
  db: Db,
  shopId: string,
): Promise<(BannerRuleRow & { dismissed: boolean })[]> {
  const rows = await db
    .select({ rule: bannerRules, dismissedAt: bannerDismissals.dismissedAt })
    .from(bannerRules)
    .leftJoin(
      bannerDismissals,
      and(eq(bannerDismissals.ruleId, bannerRules.id), eq(bannerDismissals.shopId, shopId)),
    )
    .where(eq(bannerRules.isActive, true))
    .orderBy(desc(bannerRules.updatedAt));
  return rows.map((row) => ({ ...row.rule, dismissed: row.dismissedAt !== null }));
}

/** Records the dismissal once; a second one keeps the first time. */
export async function recordDismissal(
  db: Db,
  shopId: string,
  ruleId: string,
  at: Date,
): Promise<Date> {
  await db
    .insert(bannerDismissals)
    .values({ shopId, ruleId, dismissedAt: at })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(bannerDismissals)
    .where(and(eq(bannerDismissals.shopId, shopId), eq(bannerDismissals.ruleId, ruleId)));
  return row?.dismissedAt ?? at;
}
