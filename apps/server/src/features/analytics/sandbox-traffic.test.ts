import { addDays, localDay } from '@popstage/core/analytics';
import { generateTraffic } from '@popstage/shopify-sandbox/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInjectFetch } from '../../platform/sandbox/inject-fetch';
import { createTestApp, SHOP_A, type TestApp } from '../../test/app';
import { insertProcessedClip } from '../../test/popclips';
import { ensureShop } from '../shop';
import { runRollups } from './rollup-job';

/**
 * The sandbox's traffic generator against the whole app (through inject, as over HTTP): every
 * event goes through the public ingest and every order through the sandbox cart and checkout,
 * and Insights reports exactly what was sent, on the shop's (New York) days.
 */

const TZ = 'America/New_York';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ STOREFRONT_RATE_LIMIT: '100000' });
  const shop = await ensureShop(t.deps, SHOP_A);
  // Stock counts are the local Shopify's (the app does not ask Shopify for them).
  const stocked = new Set(
    (await t.deps.sandbox?.listProducts(SHOP_A, { first: 40 }))?.nodes
      .filter((p) => p.variants.some((v) => v.availableForSale && v.inventoryQuantity > 2))
      .map((p) => p.id),
  );
  const products = (await t.deps.platform.listProducts(SHOP_A, { first: 40 })).nodes.filter(
    (p) => p.status === 'ACTIVE' && stocked.has(p.id),
  );
  for (let i = 0; i < 4; i++) {
    await insertProcessedClip(t.deps.database.db, {
      shopId: shop.id,
      id: `traffic-${i}`,
      title: `Look ${i}`,
      shopDomain: SHOP_A,
      products: products.slice(i, i + 1),
      at: t.clock.now(),
    });
  }
});
afterAll(() => t.close());

describe('sandbox traffic generator', () => {
  it('sends a month of visits and orders that Insights counts exactly', async () => {
    const inject = createInjectFetch();
    inject.bind(t.app);
    const progress: string[] = [];
    const report = await generateTraffic({
      fetch: inject.fetch,
      appUrl: 'http://localhost:3000',
      storeUrl: `http://localhost:3000/sandbox/store/${SHOP_A}`,
      shop: SHOP_A,
      days: 30,
      seed: 11,
      visitsPerDay: 3,
      orders: 4,
      now: t.clock.now(),
      onProgress: (p) => progress.push(p.phase),
    });
    expect(report.skipped).toBeUndefined();
    expect(report.failedOrders).toEqual([]);
    expect(report.orders).toHaveLength(4);
    expect(report.rejected).toBe(0);
    expect(report.accepted + report.deduped).toBe(report.events.length);
    expect(progress.at(-1)).toBe('done');
    const days = new Set(report.events.map((e) => localDay(new Date(e.at), TZ)));
    expect(days.size).toBeGreaterThan(20);

    const to = localDay(t.clock.now(), TZ);
    const from = addDays(to, -34);
    // Answers read the rollups only (issue 29): the job takes in the month of traffic.
    await runRollups(t.deps);
    const res = await t.app.inject({
      method: 'GET',
      url: `/dashboard/popclips-summary?shop_id=${SHOP_A}&from=${from}&to=${to}`,
      headers: await t.auth(SHOP_A),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [summary] = res.json().data.items;
    const count = (type: string) => report.events.filter((e) => e.type === type).length;
    expect(report.deduped).toBe(0);
    expect(summary).toMatchObject({
      impressions: count('impression'),
      views: count('view'),
      likes: count('like'),
      clicks: count('click'),
      add_to_carts: count('add_to_cart'),
      // Every order's line carries the clip it was added from: a direct sale.
      orders: 4,
      store_orders: 4,
    });
    expect(summary.direct_sales).toBe(summary.sales);
    expect(Number(summary.sales)).toBeGreaterThan(0);

    // The same seed generates the same traffic.
    const again = await generateTraffic({
      fetch: async () => new Response(JSON.stringify({ clips: [] }), { status: 200 }),
      appUrl: 'http://x',
      storeUrl: 'http://x/s',
      shop: SHOP_A,
    });
    expect(again.skipped).toBe('The shop has no processed public clip to show.');
  });
});
