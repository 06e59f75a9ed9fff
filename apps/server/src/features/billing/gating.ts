import {
  addonAttributeValue,
  effectiveLimitAccess,
  isUnlimited,
  normaliseLimit,
  type PopclipsGatingWire,
  toGatingWire,
} from '@popstage/core';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { popclipDailyViews, type ShopRow } from '../../db/schema';
import { currentCycle } from './billing-cycle';
import { readCatalogue } from './catalogue-store';
import { activeSubscription } from './subscription-store';

/** Without a subscription a shop is held to the free add-on of the standard plan. */
const DEFAULT_POPCLIPS_ADDON = 'addon-popclips-free-2025';

/**
 * Popclips gating (spec 02 §3, §6): the monthly view limit of the shop's popclips add-on against
 * the views counted since the start of the current 30-day billing cycle (calendar month when
 * there is no subscription). Views come from the daily rollup the storefront ingest fills.
 */
export async function popclipsGating(
  db: Db,
  shop: ShopRow,
  now = new Date(),
): Promise<PopclipsGatingWire> {
  const [active, catalogue] = await Promise.all([
    activeSubscription(db, shop.id),
    readCatalogue(db),
  ]);
  const addonId =
    active?.addonIds.find(
      (id) => catalogue.addons.find((addon) => addon.id === id)?.featureId === 'popclips',
    ) ?? DEFAULT_POPCLIPS_ADDON;
  const addon = catalogue.addons.find((candidate) => candidate.id === addonId);
  const maxViews = normaliseLimit(
    (addon && addonAttributeValue(addon, 'popclips.monthlyViews.max')) ?? 0,
  );
  const start = active?.activatedAt
    ? currentCycle(active.activatedAt, now).start
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const totalViews = await viewsSince(db, shop.id, start);
  const limited = !isUnlimited(maxViews) && totalViews >= maxViews;
  return toGatingWire({
    maxViews,
    totalViews,
    limitAccess: effectiveLimitAccess(limited, shop.shopifyDomain),
    startDateOfViewsCount: start.toISOString(),
    typeOfDate: active?.activatedAt ? 'subscription' : 'calendar_month',
  });
}

async function viewsSince(db: Db, shopId: string, start: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${popclipDailyViews.views}), 0)::int` })
    .from(popclipDailyViews)
    .where(
      and(
        eq(popclipDailyViews.shopId, shopId),
        gte(popclipDailyViews.day, start.toISOString().slice(0, 10)),
      ),
    );
  return row?.total ?? 0;
}
