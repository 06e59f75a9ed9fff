import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/client';
import { proposePlanChange } from './features/billing/service';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from './test/app';

/**
 * Tenant isolation: every /api and /ingest route is called with shop B's session token against shop A's data.
 * It answers 403/404, or B's own data with nothing of A's, and A's stored data does not change.
 * Each feature adds its routes to CASES; the coverage test fails when a route is missing.
 */
interface IsolationCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as registered, e.g. /api/shopify/shop/:shopifyDomain. */
  route: string;
  /** The URL called, aimed at shop A where the route takes an id. */
  url: string;
  /** The body, built from shop A's ids (created in beforeAll). */
  payload?: (a: ShopAState) => unknown;
  /** 'own' when the route can only ever act on the caller's shop (tenant from the token). */
  expect: 403 | 404 | 'own';
}

const CASES: IsolationCase[] = [
  { method: 'GET', route: '/api/shopify/shop', url: '/api/shopify/shop', expect: 'own' },
  {
    method: 'GET',
    route: '/api/shopify/shop/embed',
    url: '/api/shopify/shop/embed',
    expect: 'own',
  },
  {
    method: 'POST',
    route: '/api/shopify/shop/live-page',
    url: '/api/shopify/shop/live-page',
    expect: 'own',
  },
  {
    method: 'POST',
    route: '/api/shopify/shop-info',
    url: '/api/shopify/shop-info',
    payload: () => ({ key: 'customerAccountClientId', value: 'b-client' }),
    expect: 'own',
  },
  {
    method: 'GET',
    route: '/api/shopify/shop-details',
    url: '/api/shopify/shop-details',
    expect: 'own',
  },
  {
    method: 'GET',
    route: '/api/shopify/shop/:shopifyDomain',
    url: `/api/shopify/shop/${SHOP_A}`,
    expect: 403,
  },
  // Billing: the catalogue is shared by every shop; everything else is the caller's own.
  { method: 'GET', route: '/api/billing/plans', url: '/api/billing/plans', expect: 'own' },
  {
    method: 'GET',
    route: '/api/billing/plans/:planId',
    url: '/api/billing/plans/bundle-flexible-2025-monthly',
    expect: 'own',
  },
  { method: 'GET', route: '/api/billing/addons', url: '/api/billing/addons', expect: 'own' },
  { method: 'GET', route: '/api/billing/features', url: '/api/billing/features', expect: 'own' },
  {
    method: 'GET',
    route: '/api/billing/discount-codes/:code',
    url: '/api/billing/discount-codes/welcome20',
    expect: 'own',
  },
  {
    method: 'GET',
    route: '/api/shopify/shop/subscription/adjustment-amount',
    url: '/api/shopify/shop/subscription/adjustment-amount?currentPlanPrice=29.99&newPlanPrice=149.99',
    expect: 'own',
  },
  {
    method: 'POST',
    route: '/api/shopify/shop/subscription/draft',
    url: '/api/shopify/shop/subscription/draft',
    payload: () => ({
      shopifyDomain: SHOP_A,
      planId: 'bundle-flexible-2025-monthly',
      extraAddonIds: ['addon-popclips-basic'],
    }),
    expect: 403,
  },
  {
    method: 'POST',
    route: '/api/shopify/shop/subscription',
    url: '/api/shopify/shop/subscription',
    payload: (a) => ({ draftId: a.draftId }),
    expect: 404,
  },
  {
    method: 'POST',
    route: '/api/shopify/shop/subscription/purchase-url',
    url: '/api/shopify/shop/subscription/purchase-url',
    payload: (a) => ({ pendingSubscriptionId: a.pendingId }),
    expect: 404,
  },
  {
    method: 'GET',
    route: '/api/shopify/shop/popclips/gating',
    url: '/api/shopify/shop/popclips/gating',
    expect: 'own',
  },
  // Analytics ingest and its query.
  {
    method: 'GET',
    route: '/api/analytics/app-events',
    url: '/api/analytics/app-events',
    expect: 'own',
  },
  {
    method: 'PUT',
    route: '/ingest/appevents',
    url: '/ingest/appevents',
    payload: () => ({ action: 'view', category: 'landing', shopId: SHOP_A }),
    expect: 403,
  },
  {
    method: 'PUT',
    route: '/ingest/productanalytics',
    url: '/ingest/productanalytics',
    payload: () => ({ action: 'view', category: 'landing', shopId: SHOP_A }),
    expect: 403,
  },
];

interface ShopAState {
  draftId: string;
  pendingId: string;
}

let t: TestApp;
let shopAId: string;
let shopA: ShopAState;

/** Everything stored for shop A: its shops row, rows of every table with a shop_id, its sandbox store. */
async function snapshotOfShopA(): Promise<Record<string, unknown[]>> {
  const { db } = t.deps.database;
  const tables = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and column_name in ('shop_id', 'shop_domain')
        order by table_name`,
  );
  const snapshot: Record<string, unknown[]> = {
    shops: await queryRows(db, sql`select * from shops where id = ${shopAId}`),
  };
  for (const { table_name, column_name } of tables) {
    const key = column_name === 'shop_id' ? shopAId : SHOP_A;
    snapshot[table_name] = await queryRows(
      db,
      sql`select * from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${key} order by 1`,
    );
  }
  return snapshot;
}

beforeAll(async () => {
  t = await createTestApp();
  // Give shop A some state of its own that B's calls must not see or change.
  const headers = await t.auth(SHOP_A);
  await t.app.inject({ method: 'POST', url: '/api/shopify/shop/live-page', headers });
  await t.app.inject({
    method: 'POST',
    url: '/api/shopify/shop-info',
    headers,
    payload: { key: 'customerAccountClientId', value: 'a-secret-client' },
  });
  const draft = await t.app.inject({
    method: 'POST',
    url: '/api/shopify/shop/subscription/draft',
    headers,
    payload: {
      shopifyDomain: SHOP_A,
      planId: 'bundle-flexible-2025-monthly',
      extraAddonIds: ['addon-popclips-basic'],
    },
  });
  const pending = await proposePlanChange(t.deps, SHOP_A, {
    planId: 'bundle-flexible-2025-monthly',
    addonIds: ['addon-popclips-premium'],
  });
  shopA = { draftId: draft.json().id, pendingId: pending.id };
  await t.app.inject({
    method: 'PUT',
    url: '/ingest/appevents',
    headers,
    payload: { action: 'a-secret-client', category: 'landing' },
  });
  const rows = await queryRows<{ id: string }>(
    t.deps.database.db,
    sql`select id from shops where shopify_domain = ${SHOP_A}`,
  );
  shopAId = rows[0]?.id ?? '';
  expect(shopAId).not.toBe('');
});
afterAll(() => t.close());

describe('tenant isolation', () => {
  it('has a case for every /api route', () => {
    const apiRoutes = t.app.routeList
      .filter((route) => /^\/(api|ingest)\//.test(route.url))
      .map((route) => `${route.method} ${route.url}`);
    const covered = new Set(CASES.map((c) => `${c.method} ${c.route}`));
    expect(apiRoutes.filter((route) => !covered.has(route))).toEqual([]);
    expect(apiRoutes.length).toBeGreaterThan(0);
  });

  it.each(CASES)('$method $url with shop B’s token leaves shop A alone', async (c) => {
    const before = await snapshotOfShopA();
    const res = await t.app.inject({
      method: c.method,
      url: c.url,
      headers: await t.auth(SHOP_B),
      ...(c.payload === undefined ? {} : { payload: c.payload(shopA) as object }),
    });
    if (c.expect === 'own') {
      expect(res.statusCode).toBeLessThan(400);
      for (const secret of [SHOP_A, 'a-secret-client', shopAId]) {
        expect(res.body).not.toContain(secret);
      }
    } else {
      expect(res.statusCode).toBe(c.expect);
      expect(res.json()).toHaveProperty('message');
    }
    expect(await snapshotOfShopA()).toEqual(before);
  });
});
