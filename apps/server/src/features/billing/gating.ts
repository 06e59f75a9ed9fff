import {
  type Catalogue,
  effectiveLimitAccess,
  isUnlimited,
  type PopclipsGating,
} from '@popstage/core/billing';
import { and, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { columnsEqual } from '../../db/conditions';
import {
  type PopclipViewLimitRow,
  popclipDailyViews,
  popclipViewLimits,
  type ShopRow,
  storefrontEvents,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { PlanFacts, Tenant } from '../../tenant';
import { currentCycle } from './billing-cycle';
import { planFacts } from './plan-facts';

/** The period views are counted over: the 30-day billing cycle, or the calendar month (UTC). */
export interface ViewsPeriod {
  start: Date;
  typeOfDate: 'subscription' | 'calendar_month';
}

export function viewsPeriod(activatedAt: Date | null | undefined, now: Date): ViewsPeriod {
  return activatedAt
    ? { start: currentCycle(activatedAt, now).start, typeOfDate: 'subscription' }
    : {
        start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
        typeOfDate: 'calendar_month',
      };
}

/** What the view limit of a shop is measured against right now. */
export interface ViewLimitFacts extends ViewsPeriod {
  /** -1 unlimited. */
  maxViews: number;
  totalViews: number;
}

/** The limit of the plan in force and the views counted in its period (one read: the total). */
async function measureViews(
  db: Db,
  shopId: string,
  plan: Pick<PlanFacts, 'maxViews' | 'subscription'>,
  now: Date,
): Promise<ViewLimitFacts> {
  const period = viewsPeriod(plan.subscription?.activatedAt, now);
  const totalViews = await viewsSince(db, shopId, period.start);
  return { ...period, maxViews: plan.maxViews, totalViews };
}

/** The view limit facts of any shop (the view-limits job): its plan facts are read here. */
export async function viewLimitFacts(
  db: Db,
  catalogue: Catalogue,
  shop: ShopRow,
  now: Date,
): Promise<ViewLimitFacts> {
  return measureViews(db, shop.id, await planFacts(db, catalogue, shop), now);
}

/** Whether a view total is over a limit (never for unlimited). */
export function overViewLimit(maxViews: number, totalViews: number): boolean {
  return !isUnlimited(maxViews) && totalViews >= maxViews;
}

/**
 * The stored flag (popclip_view_limits, set by the popclips.view-limits job) holds only for the
 * period and limit it was computed for: a new period or a plan with another limit clears it.
 */
export function storedLimitApplies(
  stored: Pick<PopclipViewLimitRow, 'limitAccess' | 'periodStart' | 'maxViews'> | undefined,
  facts: Pick<ViewLimitFacts, 'start' | 'maxViews'>,
): boolean {
  return (
    stored?.limitAccess === true &&
    !isUnlimited(facts.maxViews) &&
    stored.periodStart.getTime() === facts.start.getTime() &&
    stored.maxViews === facts.maxViews
  );
}

export async function readViewLimit(
  db: Db,
  shopId: string,
): Promise<PopclipViewLimitRow | undefined> {
  const [row] = await db
    .select()
    .from(popclipViewLimits)
    .where(eq(popclipViewLimits.shopId, shopId));
  return row;
}

/**
 * Popclips gating (spec 02 §3, §6), in numbers: the monthly view limit of the tenant's popclips
 * add-on against the views counted since the start of the current 30-day billing cycle (calendar
 * month when there is no subscription). Views come from the daily rollup the storefront ingest
 * fills. limitAccess is the stored flag of the view-limits job, or the live total when the job
 * has not caught up yet (so the merchant never sees "under the limit" while over it). The route
 * turns it into the wire form ('15,000').
 */
export async function popclipsGating(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  tenant: Pick<Tenant, 'shop' | 'plan'>,
): Promise<PopclipsGating> {
  const db = deps.database.db;
  const [facts, stored] = await Promise.all([
    measureViews(db, tenant.shop.id, tenant.plan, deps.clock.now()),
    readViewLimit(db, tenant.shop.id),
  ]);
  const limited =
    storedLimitApplies(stored, facts) || overViewLimit(facts.maxViews, facts.totalViews);
  return {
    maxViews: facts.maxViews,
    totalViews: facts.totalViews,
    limitAccess: effectiveLimitAccess(limited, tenant.shop.shopifyDomain),
    startDateOfViewsCount: facts.start.toISOString(),
    typeOfDate: facts.typeOfDate,
  };
}

export async function viewsSince(db: Db, shopId: string, start: Date): Promise<number> {
  // Whole days after the start from the daily totals; the start's own day only from the counted
  // views received since the start (an upgrade at 14:00 restarts the count then: the morning's
  // views belong to the period before). The daily rows are per UTC day of receipt, as are these.
  // One statement: the plan check of every upload reads it.
  const startDay = start.toISOString().slice(0, 10);
  const dayStart = new Date(`${startDay}T00:00:00.000Z`);
  // A period starting at midnight (the calendar month) is whole days only.
  const wholeDays = start.getTime() === dayStart.getTime();
  const days = db
    .select({ total: sql<number>`coalesce(sum(${popclipDailyViews.views}), 0)` })
    .from(popclipDailyViews)
    .where(
      and(
        eq(popclipDailyViews.shopId, shopId),
        wholeDays ? gte(popclipDailyViews.day, startDay) : gt(popclipDailyViews.day, startDay),
      ),
    );
  if (wholeDays) {
    const [row] = await days;
    return Number(row?.total ?? 0);
  }
  const nextDay = new Date(dayStart.getTime() + 24 * 3_600_000);
  const firstDay = db
    .select({ total: sql<number>`count(*)` })
    .from(storefrontEvents)
    .where(
      and(
        columnsEqual(storefrontEvents, { shopId, type: 'view' }),
        gte(storefrontEvents.receivedAt, start),
        lt(storefrontEvents.receivedAt, nextDay),
      ),
    );
  const [row] = await db
    .select({
      total: sql<number>`((${days}) + (${firstDay}))::int`,
    })
    .from(sql`(select 1) as one`);
  return Number(row?.total ?? 0);
}
