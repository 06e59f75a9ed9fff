import { addFigures, emptyFigures, type Figures } from '@popstage/core/analytics';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/**
 * Insights reads (docs/decisions.md "Insights (issue 15)"): only rollup rows, on their primary
 * keys (shop_id, day, …), so a call costs O(days × clips) whatever the events' volume.
 */

export interface AnalyticsSettings {
  timeZone: string;
  rollupTimeZone: string | null;
  /** When the time zone was last read from the platform. */
  checkedAt: Date;
}

export async function findSettings(db: Db, shopId: string): Promise<AnalyticsSettings | undefined> {
  const [row] = await queryRows<{
    time_zone: string;
    rollup_time_zone: string | null;
    updated_at: string | Date;
  }>(
    db,
    sql`select time_zone, rollup_time_zone, updated_at from analytics_settings where shop_id = ${shopId}::uuid`,
  );
  return row
    ? {
        timeZone: row.time_zone,
        rollupTimeZone: row.rollup_time_zone,
        checkedAt: new Date(row.updated_at),
      }
    : undefined;
}

/**
 * Stores the shop's time zone as the platform gave it now (updated_at: when it was read);
 * answers the stored one.
 */
export async function saveTimeZone(
  db: Db,
  shopId: string,
  timeZone: string,
  now: Date,
): Promise<string> {
  await db.execute(
    sql`insert into analytics_settings (shop_id, time_zone, updated_at)
        values (${shopId}::uuid, ${timeZone}, ${now.toISOString()}::timestamptz)
        on conflict (shop_id) do update set time_zone = excluded.time_zone, updated_at = excluded.updated_at`,
  );
  return (await findSettings(db, shopId))?.timeZone ?? timeZone;
}

const n = (value: unknown) => Number(value ?? 0);

interface EngagementRow {
  key: string;
  impressions: string;
  views: string;
  likes: string;
  clicks: string;
  add_to_carts: string;
}
interface SalesRow {
  key: string;
  orders: string;
  direct_cents: string;
  indirect_cents: string;
  influenced_cents: string;
}

function merge(
  engagement: EngagementRow[],
  sales: SalesRow[],
  store: { key: string; orders: string; sales_cents: string }[] = [],
): Map<string, Figures> {
  const out = new Map<string, Figures>();
  const at = (key: string) => {
    let figures = out.get(key);
    if (!figures) {
      figures = emptyFigures();
      out.set(key, figures);
    }
    return figures;
  };
  for (const row of engagement) {
    addFigures(at(row.key), {
      impressions: n(row.impressions),
      views: n(row.views),
      likes: n(row.likes),
      clicks: n(row.clicks),
      addToCarts: n(row.add_to_carts),
    });
  }
  for (const row of sales) {
    addFigures(at(row.key), {
      orders: n(row.orders),
      directCents: n(row.direct_cents),
      indirectCents: n(row.indirect_cents),
      influencedCents: n(row.influenced_cents),
    });
  }
  for (const row of store) {
    addFigures(at(row.key), { storeOrders: n(row.orders), storeSalesCents: n(row.sales_cents) });
  }
  return out;
}

interface FigureRow {
  src: 'e' | 's' | 'o';
  key: string;
  a: string | null;
  b: string | null;
  c: string | null;
  d: string | null;
  e: string | null;
}

/** Rows of the one-statement reads below: engagement (e), credited sales (s), store orders (o). */
function fromRows(rows: FigureRow[]): Map<string, Figures> {
  const engagement: EngagementRow[] = [];
  const sales: SalesRow[] = [];
  const store: { key: string; orders: string; sales_cents: string }[] = [];
  for (const row of rows) {
    if (row.src === 'e') {
      engagement.push({
        key: row.key,
        impressions: row.a ?? '0',
        views: row.b ?? '0',
        likes: row.c ?? '0',
        clicks: row.d ?? '0',
        add_to_carts: row.e ?? '0',
      });
    } else if (row.src === 's') {
      sales.push({
        key: row.key,
        orders: row.a ?? '0',
        direct_cents: row.b ?? '0',
        indirect_cents: row.c ?? '0',
        influenced_cents: row.d ?? '0',
      });
    } else {
      store.push({ key: row.key, orders: row.a ?? '0', sales_cents: row.b ?? '0' });
    }
  }
  return merge(engagement, sales, store);
}

/** The shop's figures per day of [from, to] (days without any are absent): one statement. */
export async function dailyFigures(
  db: Db,
  shopId: string,
  range: { from: string; to: string },
  windowDays: number,
  currency: string,
): Promise<Map<string, Figures>> {
  const rows = await queryRows<FigureRow>(
    db,
    sql`select 'e' as src, day::text as key, sum(impressions)::text as a, sum(views)::text as b,
               sum(likes)::text as c, sum(clicks)::text as d, sum(add_to_carts)::text as e
        from analytics_clip_daily
        where shop_id = ${shopId}::uuid and day between ${range.from}::date and ${range.to}::date
        group by day
        union all
        select 's', day::text, orders::text, direct_cents::text, indirect_cents::text,
               influenced_cents::text, null
        from analytics_sales_daily
        where shop_id = ${shopId}::uuid and day between ${range.from}::date and ${range.to}::date
          and window_days = ${windowDays} and currency = ${currency} and clip_id = ''
        union all
        select 'o', day::text, orders::text, sales_cents::text, null, null, null
        from analytics_store_daily
        where shop_id = ${shopId}::uuid and day between ${range.from}::date and ${range.to}::date
          and currency = ${currency}`,
  );
  return fromRows(rows);
}

/** Figures per clip over [from, to]; with `clipIds`, only those clips: one statement. */
export async function clipFigures(
  db: Db,
  shopId: string,
  range: { from: string; to: string },
  windowDays: number,
  currency: string,
  clipIds?: string[],
): Promise<Map<string, Figures>> {
  const only = clipIds
    ? sql`and clip_id = any(array(select jsonb_array_elements_text(${JSON.stringify(clipIds)}::jsonb)))`
    : sql``;
  const rows = await queryRows<FigureRow>(
    db,
    sql`select 'e' as src, clip_id as key, sum(impressions)::text as a, sum(views)::text as b,
               sum(likes)::text as c, sum(clicks)::text as d, sum(add_to_carts)::text as e
        from analytics_clip_daily
        where shop_id = ${shopId}::uuid and day between ${range.from}::date and ${range.to}::date ${only}
        group by clip_id
        union all
        select 's', clip_id, sum(orders)::text, sum(direct_cents)::text, sum(indirect_cents)::text,
               sum(influenced_cents)::text, null
        from analytics_sales_daily
        where shop_id = ${shopId}::uuid and day between ${range.from}::date and ${range.to}::date
          and window_days = ${windowDays} and currency = ${currency} and clip_id <> '' ${only}
        group by clip_id`,
  );
  return fromRows(rows);
}

export interface ClipListing {
  id: string;
  title: string;
  createdAt: Date;
}

/** The shop's clips (metaIdentifier and title), newest first. */
export async function shopClips(db: Db, shopId: string): Promise<ClipListing[]> {
  const rows = await queryRows<{ id: string; title: string; created_at: string | Date }>(
    db,
    sql`select meta_identifier as id, title, created_at from popclips
        where shop_id = ${shopId}::uuid order by created_at desc, id`,
  );
  return rows.map((row) => ({ id: row.id, title: row.title, createdAt: new Date(row.created_at) }));
}

/** One clip of the shop by metaIdentifier. */
export async function findShopClip(
  db: Db,
  shopId: string,
  clipId: string,
): Promise<ClipListing | undefined> {
  const [row] = await queryRows<{ id: string; title: string; created_at: string | Date }>(
    db,
    sql`select meta_identifier as id, title, created_at from popclips
        where shop_id = ${shopId}::uuid and meta_identifier = ${clipId}`,
  );
  return row ? { id: row.id, title: row.title, createdAt: new Date(row.created_at) } : undefined;
}

/** Clips uploaded in [from, to] of the shop's calendar. */
export async function clipsUploaded(
  db: Db,
  shopId: string,
  range: { from: string; to: string },
  timeZone: string,
): Promise<number> {
  const [row] = await queryRows<{ count: string }>(
    db,
    sql`select count(*) as count from popclips
        where shop_id = ${shopId}::uuid
          and created_at >= (${range.from}::date::timestamp at time zone ${timeZone})
          and created_at < ((${range.to}::date + 1)::timestamp at time zone ${timeZone})`,
  );
  return n(row?.count);
}

export interface CarouselListing {
  id: string;
  title: string;
  type: string;
  /** A custom carousel's clips; empty for a collection carousel (see collectionId). */
  clipIds: string[];
  /** A collection carousel's collection GID. */
  collectionId: string | null;
}

/** The shop's carousels, newest first, with the clips a custom carousel holds. */
export async function shopCarousels(db: Db, shopId: string): Promise<CarouselListing[]> {
  const rows = await queryRows<{
    id: string;
    title: string;
    type: string;
    type_ids: string[];
    sorted_popclips_ids: string[];
  }>(
    db,
    sql`select id::text as id, title, type, type_ids, sorted_popclips_ids from carousels
        where shop_id = ${shopId}::uuid order by created_at desc, id`,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    type: row.type,
    clipIds:
      row.type === 'custom'
        ? [...new Set([...(row.sorted_popclips_ids ?? []), ...(row.type_ids ?? [])])]
        : [],
    collectionId: row.type === 'custom' ? null : (row.type_ids?.[0] ?? null),
  }));
}

/** The shop's clips with the product GIDs each is tagged with. */
export async function clipProducts(
  db: Db,
  shopId: string,
): Promise<{ id: string; productIds: string[] }[]> {
  const rows = await queryRows<{ id: string; products: { shopifyProductId: string }[] }>(
    db,
    sql`select meta_identifier as id, products from popclips where shop_id = ${shopId}::uuid`,
  );
  return rows.map((row) => ({
    id: row.id,
    productIds: (row.products ?? []).map((product) => product.shopifyProductId),
  }));
}

export interface CreditedOrderRow {
  orderId: string;
  name: string;
  orderedAt: Date;
  kind: 'direct' | 'indirect' | 'influenced';
  productId: string;
  quantity: number;
  revenueCents: number;
}

/** Lines credited to the clip in [from, to] of the shop's calendar, newest first. */
export async function clipCreditedOrders(
  db: Db,
  shopId: string,
  clipId: string,
  range: { from: string; to: string },
  timeZone: string,
  windowDays: number,
  currency: string,
  limit = 200,
): Promise<CreditedOrderRow[]> {
  const rows = await queryRows<{
    order_id: string;
    name: string;
    ordered_at: string | Date;
    kind: CreditedOrderRow['kind'];
    product_id: string;
    quantity: number;
    revenue_cents: string;
  }>(
    db,
    sql`select a.order_id, o.name, a.ordered_at, a.kind, a.product_id, a.quantity, a.revenue_cents
        from order_attributions a
        join storefront_orders o on o.shop_id = a.shop_id and o.order_id = a.order_id
        where a.shop_id = ${shopId}::uuid and a.clip_id = ${clipId}
          and a.window_days = ${windowDays} and a.currency = ${currency}
          and a.ordered_at >= (${range.from}::date::timestamp at time zone ${timeZone})
          and a.ordered_at < ((${range.to}::date + 1)::timestamp at time zone ${timeZone})
        order by a.ordered_at desc, a.order_id, a.line_item_id
        limit ${limit}`,
  );
  return rows.map((row) => ({
    orderId: row.order_id,
    name: row.name,
    orderedAt: new Date(row.ordered_at),
    kind: row.kind,
    productId: row.product_id,
    quantity: Number(row.quantity),
    revenueCents: n(row.revenue_cents),
  }));
}
