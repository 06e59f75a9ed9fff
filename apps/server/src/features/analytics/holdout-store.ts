import type { HoldoutGroup, HoldoutGroupName } from '@popstage/core/analytics';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { holdoutTests, holdoutVisits } from '../../db/schema';

export interface HoldoutTest {
  percent: number;
  startedAt: Date | null;
}

export async function readHoldoutTest(db: Db, shopId: string): Promise<HoldoutTest> {
  const [row] = await db
    .select({ percent: holdoutTests.percent, startedAt: holdoutTests.startedAt })
    .from(holdoutTests)
    .where(eq(holdoutTests.shopId, shopId));
  return row ?? { percent: 0, startedAt: null };
}

/** A new share starts a new test: the groups of the previous one are dropped. */
export async function writeHoldoutTest(
  db: Db,
  shopId: string,
  percent: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const startedAt = percent > 0 ? now : null;
    await tx
      .insert(holdoutTests)
      .values({ shopId, percent, startedAt, updatedAt: now })
      .onConflictDoUpdate({
        target: holdoutTests.shopId,
        set: { percent, startedAt, updatedAt: now },
      });
    await tx.delete(holdoutVisits).where(eq(holdoutVisits.shopId, shopId));
  });
}

/** The visitor's group: the one of their first visit in this test. */
export async function recordVisit(
  db: Db,
  input: { shopId: string; visitorId: string; group: HoldoutGroupName; at: Date },
): Promise<HoldoutGroupName> {
  const [inserted] = await db
    .insert(holdoutVisits)
    .values({
      shopId: input.shopId,
      visitorId: input.visitorId,
      cohort: input.group,
      firstSeenAt: input.at,
    })
    .onConflictDoNothing()
    .returning({ group: holdoutVisits.cohort });
  if (inserted) return inserted.group;
  const [stored] = await db
    .select({ group: holdoutVisits.cohort })
    .from(holdoutVisits)
    .where(
      sql`${holdoutVisits.shopId} = ${input.shopId} and ${holdoutVisits.visitorId} = ${input.visitorId}`,
    );
  return stored?.group ?? input.group;
}

/**
 * Each group's visitors with the orders their carts carried after their first visit: revenue
 * and its sum of squares per visitor (the interval needs the variance).
 */
export async function holdoutGroups(
  db: Db,
  shopId: string,
): Promise<Record<HoldoutGroupName, HoldoutGroup>> {
  const rows = await queryRows<{
    group: HoldoutGroupName;
    visitors: number;
    orders: number;
    revenue: string;
    squares: string;
  }>(
    db,
    sql`with per_visitor as (
          select v.cohort, v.visitor_id, count(o.order_id)::int as orders,
                 coalesce(sum(o.total_cents), 0)::numeric as revenue
          from holdout_visits v
          left join storefront_orders o
            on o.shop_id = v.shop_id and o.visitor_id = v.visitor_id
           and o.ordered_at >= v.first_seen_at
          where v.shop_id = ${shopId}
          group by v.cohort, v.visitor_id)
        select cohort as "group", count(*)::int as visitors, sum(orders)::int as orders,
               sum(revenue)::text as revenue, sum(revenue * revenue)::text as squares
        from per_visitor group by cohort`,
  );
  const empty = (): HoldoutGroup => ({ visitors: 0, orders: 0, revenue: 0, revenueSquares: 0 });
  const groups = { exposed: empty(), holdout: empty() };
  for (const row of rows) {
    groups[row.group] = {
      visitors: row.visitors,
      orders: row.orders,
      revenue: Number(row.revenue),
      revenueSquares: Number(row.squares),
    };
  }
  return groups;
}
