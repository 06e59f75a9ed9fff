import type { Catalogue } from '@popstage/core/billing';
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { popclipDailyViews, popclipViewLimits, type ShopRow, shops } from '../../db/schema';
import { defineJob } from '../../jobs/job';
import { overViewLimit, readViewLimit, storedLimitApplies, viewLimitFacts } from '../billing';

/** Re-checks the view limit of one shop (after an ingest crosses it) or of every active shop. */
export const VIEW_LIMITS_JOB = 'popclips.view-limits';
/** Every 5 minutes, plus right after an ingest that crosses a shop's limit. */
export const VIEW_LIMITS_SCHEDULE = '*/5 * * * *';
/** Ingests of one shop send the job at most this often. */
export const VIEW_LIMITS_THROTTLE_SECONDS = 30;

export interface ViewLimitsData {
  shopId?: string;
}

/**
 * Stores limit_access for a shop: set when the period's views reach the plan's limit, cleared on
 * a new period or a plan with a higher (or unlimited) limit. Answers the stored flag.
 */
export async function checkViewLimit(
  db: Db,
  catalogue: Catalogue,
  shop: ShopRow,
  now: Date,
): Promise<boolean> {
  const [facts, stored] = await Promise.all([
    viewLimitFacts(db, catalogue, shop, now),
    readViewLimit(db, shop.id),
  ]);
  const limitAccess = overViewLimit(facts.maxViews, facts.totalViews);
  const limitedAt = limitAccess
    ? storedLimitApplies(stored, facts) && stored?.limitedAt
      ? stored.limitedAt
      : now
    : null;
  const values = {
    periodStart: facts.start,
    maxViews: facts.maxViews,
    totalViews: facts.totalViews,
    limitAccess,
    limitedAt,
    checkedAt: now,
  };
  await db
    .insert(popclipViewLimits)
    .values({ shopId: shop.id, ...values })
    .onConflictDoUpdate({ target: popclipViewLimits.shopId, set: values });
  return limitAccess;
}

/** Shops worth checking: views in the last 31 days, or a stored flag that may need clearing. */
async function activeShops(db: Db, now: Date): Promise<ShopRow[]> {
  const since = new Date(now.getTime() - 31 * 24 * 60 * 60_000).toISOString().slice(0, 10);
  return db
    .select()
    .from(shops)
    .where(
      or(
        sql`exists (select 1 from ${popclipDailyViews} where ${popclipDailyViews.shopId} = ${shops.id} and ${popclipDailyViews.day} >= ${since})`,
        sql`exists (select 1 from ${popclipViewLimits} where ${popclipViewLimits.shopId} = ${shops.id} and ${popclipViewLimits.limitAccess})`,
      ),
    );
}

export const viewLimitsJob = defineJob<ViewLimitsData>({
  name: VIEW_LIMITS_JOB,
  retryLimit: 3,
  expireInSeconds: 15 * 60,
  schedule: VIEW_LIMITS_SCHEDULE,
  handler: async (data, { database, clock, catalogue }) => {
    const db = database.db;
    const now = clock.now();
    const targets = data.shopId
      ? await db.select().from(shops).where(eq(shops.id, data.shopId))
      : await activeShops(db, now);
    for (const shop of targets) await checkViewLimit(db, catalogue, shop, now);
  },
});
