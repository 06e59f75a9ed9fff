import {
  type AttributionWindowDays,
  addDays,
  addFigures,
  type CarouselStatsItem,
  calendarMonth,
  creditedCents,
  type DailyItem,
  type DashboardQuery,
  DEFAULT_RANGE_DAYS,
  daysInRange,
  eachDay,
  emptyFigures,
  type Figures,
  isTimeZone,
  localDay,
  MAX_RANGE_DAYS,
  type MonthlyItem,
  minorUnitsToAmount,
  monthBefore,
  monthlyItems,
  type PagedDashboardQuery,
  type PopclipDetail,
  type PopclipStatsItem,
  previousPeriod,
  type SummaryItem,
  sumDays,
  toWireFigures,
  type WeeklyItem,
  weeklyItems,
} from '@popstage/core/analytics';
import { pageCursor } from '@popstage/core/contract';
import { z } from 'zod';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import type { Tenant } from '../../tenant';
import {
  clipCreditedOrders,
  clipFigures,
  clipProducts,
  clipsUploaded,
  dailyFigures,
  findSettings,
  findShopClip,
  saveTimeZone,
  shopCarousels,
  shopClips,
} from './insights-store';
import { rollupState } from './rollup-store';
import { assertOwnShop } from './service';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'platform'>;

interface Range {
  from: string;
  to: string;
}

/** What every dashboard call works from: the shop's calendar, currency and chosen window. */
export interface InsightsContext {
  shop: ShopRow;
  timeZone: string;
  currency: string;
  window: AttributionWindowDays;
  range: Range;
  previous: Range | null;
}

/** How long a stored time zone is trusted before the platform is asked again. */
const TIME_ZONE_RECHECK_MS = 24 * 3_600_000;

/**
 * The shop's time zone: the platform's (Shopify's ianaTimezone), stored, and read again once a
 * day so a merchant's change reaches Insights (the rollups are then rebuilt in the new zone).
 * UTC when the platform gives none it knows; the stored one when the platform cannot answer.
 */
export async function shopTimeZone(
  deps: Deps,
  shop: Pick<ShopRow, 'id' | 'shopifyDomain'>,
  stored?: { timeZone: string | null; checkedAt: Date | null },
): Promise<string> {
  const known = stored ?? (await findSettings(deps.database.db, shop.id)) ?? null;
  const now = deps.clock.now();
  if (
    known?.timeZone &&
    known.checkedAt &&
    now.getTime() - known.checkedAt.getTime() < TIME_ZONE_RECHECK_MS
  ) {
    return known.timeZone;
  }
  const platformShop = await deps.platform.getShop(shop.shopifyDomain).catch(() => null);
  const zone = platformShop?.timeZone;
  if (!platformShop && known?.timeZone) return known.timeZone;
  return saveTimeZone(deps.database.db, shop.id, zone && isTimeZone(zone) ? zone : 'UTC', now);
}

/**
 * The shop's time zone for a dashboard answer. Answers read the rollups only, never raw events
 * (issue 29: an answer that aggregated at request time collapsed first under load); the
 * analytics.rollup job keeps them, so figures trail the storefront by the rollup lag (the job runs
 * every minute; the ingest bench prints the lag). A changed time zone is rebuilt by the job too.
 */
async function dashboardTimeZone(
  deps: Deps,
  shop: Pick<ShopRow, 'id' | 'shopifyDomain'>,
): Promise<string> {
  const state = await rollupState(deps.database.db, shop.id);
  const timeZone = await shopTimeZone(deps, shop, state);
  // A zone just changed: the job rebuilds in it at its next run; until then answers stay in the
  // rollups' zone, so days and weeks never mix two zones.
  return state.rollupTimeZone ?? timeZone;
}

export async function insightsContext(
  deps: Deps,
  tenant: Tenant,
  query: DashboardQuery,
): Promise<InsightsContext> {
  assertOwnShop(tenant, query.shop_id);
  return shopInsightsContext(deps, tenant.shop, query);
}

/** The context of a shop already known to be the caller's (the signed report page). */
export async function shopInsightsContext(
  deps: Deps,
  shop: ShopRow,
  query: Omit<DashboardQuery, 'shop_id'>,
): Promise<InsightsContext> {
  const timeZone = await dashboardTimeZone(deps, shop);
  const to = query.to ?? localDay(deps.clock.now(), timeZone);
  const from = query.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (from > to) throw badRequest('from must not be after to');
  if (daysInRange(from, to) > MAX_RANGE_DAYS) {
    throw badRequest(`A range holds at most ${MAX_RANGE_DAYS} days`);
  }
  return {
    shop,
    timeZone,
    currency: shop.currency,
    window: query.window,
    range: { from, to },
    previous: query.compare ? previousPeriod(from, to) : null,
  };
}

const days = (deps: Deps, ctx: InsightsContext, range: Range) =>
  dailyFigures(deps.database.db, ctx.shop.id, range, ctx.window, ctx.currency);

export async function summary(deps: Deps, ctx: InsightsContext): Promise<SummaryItem> {
  const db = deps.database.db;
  const period = async (range: Range) => {
    const [figures, uploaded] = await Promise.all([
      days(deps, ctx, range).then((map) => sumDays(map, range.from, range.to)),
      clipsUploaded(db, ctx.shop.id, range, ctx.timeZone),
    ]);
    return {
      ...toWireFigures(figures, ctx.currency),
      from: range.from,
      to: range.to,
      popclips_uploaded: uploaded,
      store_orders: figures.storeOrders,
      store_sales: minorUnitsToAmount(figures.storeSalesCents, ctx.currency),
    };
  };
  const [current, previous] = await Promise.all([
    period(ctx.range),
    ctx.previous ? period(ctx.previous) : null,
  ]);
  return {
    ...current,
    currency: ctx.currency,
    time_zone: ctx.timeZone,
    window_days: ctx.window,
    previous,
  };
}

export async function weekly(deps: Deps, ctx: InsightsContext): Promise<WeeklyItem[]> {
  const map = await days(deps, ctx, { from: addDays(ctx.range.from, -7), to: ctx.range.to });
  return weeklyItems(map, ctx.range.from, ctx.range.to, ctx.currency);
}

export async function monthly(deps: Deps, ctx: InsightsContext): Promise<MonthlyItem[]> {
  const first = calendarMonth(ctx.range.from).start;
  const map = await days(deps, ctx, { from: monthBefore(first), to: ctx.range.to });
  return monthlyItems(map, ctx.range.from, ctx.range.to, ctx.currency);
}

export async function daily(deps: Deps, ctx: InsightsContext): Promise<DailyItem[]> {
  const map = await days(deps, ctx, ctx.range);
  return eachDay(ctx.range.from, ctx.range.to).map((day) => ({
    day,
    ...toWireFigures(map.get(day) ?? emptyFigures(), ctx.currency),
  }));
}

/** One page of rows: the cursor is the offset of the next page, opaque to callers. */
export interface Page<T> {
  items: T[];
  cursor: string | null;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

/** The offset of the next page. */
const offsetCursor = pageCursor(z.number().int().min(0));

function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const offset = offsetCursor.decode(cursor);
  if (offset === null) throw badRequest('Invalid cursor');
  return offset;
}

function page<T>(rows: T[], query: PagedDashboardQuery): Page<T> {
  const offset = decodeCursor(query.cursor);
  const items = rows.slice(offset, offset + query.limit);
  const next = offset + items.length;
  return {
    items,
    cursor: next < rows.length ? offsetCursor.encode(next) : null,
    hasNextPage: next < rows.length,
    hasPreviousPage: offset > 0,
  };
}

/** Most viewed first, then most credited sales, then title: a stable order for paging. */
function byPerformance(a: { title: string; f: Figures }, b: { title: string; f: Figures }) {
  return (
    b.f.views - a.f.views ||
    creditedCents(b.f) - creditedCents(a.f) ||
    a.title.localeCompare(b.title)
  );
}

export async function popclipStats(
  deps: Deps,
  ctx: InsightsContext,
  query: PagedDashboardQuery,
): Promise<Page<PopclipStatsItem>> {
  const db = deps.database.db;
  const search = query.searchValue?.toLocaleLowerCase();
  const [clips, figures, previous] = await Promise.all([
    shopClips(db, ctx.shop.id),
    clipFigures(db, ctx.shop.id, ctx.range, ctx.window, ctx.currency),
    ctx.previous ? clipFigures(db, ctx.shop.id, ctx.previous, ctx.window, ctx.currency) : null,
  ]);
  const rows = clips
    .filter((clip) => !search || clip.title.toLocaleLowerCase().includes(search))
    .map((clip) => ({ ...clip, f: figures.get(clip.id) ?? emptyFigures() }))
    .sort(byPerformance);
  const result = page(rows, query);
  return {
    ...result,
    items: result.items.map((row) => ({
      popclip_id: row.id,
      popclip_title: row.title,
      currency: ctx.currency,
      ...toWireFigures(row.f, ctx.currency),
      previous: previous
        ? toWireFigures(previous.get(row.id) ?? emptyFigures(), ctx.currency)
        : null,
    })),
  };
}

export async function carouselStats(
  deps: Deps,
  ctx: InsightsContext,
  query: PagedDashboardQuery,
): Promise<Page<CarouselStatsItem>> {
  const db = deps.database.db;
  const search = query.searchValue?.toLocaleLowerCase();
  const [carousels, figures, previous] = await Promise.all([
    shopCarousels(db, ctx.shop.id),
    clipFigures(db, ctx.shop.id, ctx.range, ctx.window, ctx.currency),
    ctx.previous ? clipFigures(db, ctx.shop.id, ctx.previous, ctx.window, ctx.currency) : null,
  ]);
  // A collection carousel holds the clips tagging a product of its collection (as the storefront
  // shows it): one Admin API call per collection carousel, only when there are any.
  const collections = carousels.filter((carousel) => carousel.collectionId);
  if (collections.length > 0) {
    const tagged = await clipProducts(db, ctx.shop.id);
    const productIds = [...new Set(tagged.flatMap((clip) => clip.productIds))];
    await Promise.all(
      collections.map(async (carousel) => {
        if (!carousel.collectionId || productIds.length === 0) return;
        const inCollection = new Set(
          await deps.platform
            .productsInCollection(ctx.shop.shopifyDomain, carousel.collectionId, productIds)
            .catch(() => [] as string[]),
        );
        carousel.clipIds = tagged
          .filter((clip) => clip.productIds.some((id) => inCollection.has(id)))
          .map((clip) => clip.id);
      }),
    );
  }
  const add = (map: Map<string, Figures>, ids: string[]) =>
    ids.reduce((total, id) => addFigures(total, map.get(id) ?? {}), emptyFigures());
  const rows = carousels
    .filter((carousel) => !search || carousel.title.toLocaleLowerCase().includes(search))
    .map((carousel) => ({ ...carousel, f: add(figures, carousel.clipIds) }))
    .sort(byPerformance);
  const result = page(rows, query);
  return {
    ...result,
    items: result.items.map((row) => ({
      carousel_id: row.id,
      carousel_title: row.title,
      popclips: row.clipIds.length,
      currency: ctx.currency,
      ...toWireFigures(row.f, ctx.currency),
      previous: previous ? toWireFigures(add(previous, row.clipIds), ctx.currency) : null,
    })),
  };
}

export async function popclipDetail(
  deps: Deps,
  ctx: InsightsContext,
  popclipId: string,
): Promise<PopclipDetail> {
  const db = deps.database.db;
  const clip = await findShopClip(db, ctx.shop.id, popclipId);
  if (!clip) throw notFound('Clip not found.');
  const [figures, previous, orders] = await Promise.all([
    clipFigures(db, ctx.shop.id, ctx.range, ctx.window, ctx.currency, [clip.id]),
    ctx.previous
      ? clipFigures(db, ctx.shop.id, ctx.previous, ctx.window, ctx.currency, [clip.id])
      : null,
    clipCreditedOrders(db, ctx.shop.id, clip.id, ctx.range, ctx.timeZone, ctx.window, ctx.currency),
  ]);
  return {
    currency: ctx.currency,
    time_zone: ctx.timeZone,
    from: ctx.range.from,
    to: ctx.range.to,
    window_days: ctx.window,
    popclip_id: clip.id,
    popclip_title: clip.title,
    funnel: toWireFigures(figures.get(clip.id) ?? emptyFigures(), ctx.currency),
    previous: previous
      ? toWireFigures(previous.get(clip.id) ?? emptyFigures(), ctx.currency)
      : null,
    orders: orders.map((row) => ({
      order_id: row.orderId,
      name: row.name,
      ordered_at: row.orderedAt.toISOString(),
      kind: row.kind,
      product_id: row.productId,
      quantity: row.quantity,
      revenue: minorUnitsToAmount(row.revenueCents, ctx.currency),
    })),
  };
}
