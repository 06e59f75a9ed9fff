import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureShop } from '../features/shop';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../test/app';
import { insertProcessedClip } from '../test/popclips';

/** The control page's "Generate a month of traffic": a background run the page follows. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const shop = await ensureShop(t.deps, SHOP_A);
  const products = (await t.deps.platform.listProducts(SHOP_A, { first: 3, status: 'ACTIVE' }))
    .nodes;
  await insertProcessedClip(t.deps.database.db, {
    shopId: shop.id,
    id: 'clip-traffic',
    at: t.clock.now(),
    shopDomain: SHOP_A,
    products,
  });
});
afterAll(() => t.close());

type Run = {
  running: boolean;
  result: { visits: number; events: number; orders: number; skipped: string | null } | null;
  error: string | null;
};

async function finished(shop: string): Promise<Run> {
  for (let i = 0; i < 300; i++) {
    const run = (
      await t.app.inject({ method: 'GET', url: `/sandbox/api/shops/${shop}/traffic` })
    ).json().traffic as Run;
    if (!run.running) return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('traffic still running after 30 s');
}

describe('generated shopper traffic', () => {
  it('runs in the background, one run per shop, and shows what it sent', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${SHOP_A}/traffic`,
    });
    expect(started.statusCode).toBe(202);
    expect(started.json().traffic).toMatchObject({ running: true });
    const again = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${SHOP_A}/traffic`,
    });
    expect(again.statusCode).toBe(409);
    const page = await t.app.inject({ method: 'GET', url: '/sandbox' });
    expect(page.body).toContain('<meta http-equiv="refresh" content="2">');
    expect(page.body).toContain('Generating:');

    const run = await finished(SHOP_A);
    expect(run.error).toBeNull();
    expect(run.result?.visits).toBeGreaterThan(0);
    expect(run.result?.events).toBeGreaterThan(0);
    const done = await t.app.inject({ method: 'GET', url: '/sandbox' });
    expect(done.body).not.toContain('http-equiv="refresh"');
    expect(done.body).toContain(`${run.result?.visits} visits, ${run.result?.events} events`);
  });

  it('says why nothing was sent for a shop without clips', async () => {
    await t.app.inject({ method: 'POST', url: `/sandbox/api/shops/${SHOP_B}/traffic` });
    const run = await finished(SHOP_B);
    expect(run.result?.events ?? 0).toBe(0);
    expect(run.result?.skipped ?? run.error).toBeTruthy();
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/sandbox/api/shops/nobody.myshopify.com/traffic',
        })
      ).statusCode,
    ).toBe(404);
  });

  it("the control page's form starts a month of traffic and comes back to the page", async () => {
    // The shop without clips: its run ends at once, saying why nothing was sent.
    const posted = await t.app.inject({
      method: 'POST',
      url: `/sandbox/shops/${SHOP_B}/traffic`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/sandbox?done=traffic#${SHOP_B}`);
    const run = await finished(SHOP_B);
    expect(run.result?.skipped ?? run.error).toBeTruthy();
  });

  it('adds a chosen number of views to the month, which the app counts', async () => {
    const gating = async () =>
      (await t.asShop(SHOP_A, 'GET', '/api/shopify/shop/popclips/gating')).json().data as {
        total_views: number;
      };
    const before = (await gating()).total_views;
    const posted = await t.app.inject({
      method: 'POST',
      url: `/sandbox/shops/${SHOP_A}/views`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'views=7',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/sandbox?done=views#${SHOP_A}`);
    const run = (await finished(SHOP_A)) as Run & { result: { views?: number } | null };
    expect(run.error).toBeNull();
    expect(run.result?.views).toBe(7);
    expect((await gating()).total_views).toBe(before + 7);
    const page = await t.app.inject({ method: 'GET', url: '/sandbox' });
    expect(page.body).toContain('7 views counted');
  });

  it('refuses a views count that is not a whole number from 1, starting nothing', async () => {
    for (const payload of ['views=0', 'views=abc', 'views=', 'views=100000']) {
      const posted = await t.app.inject({
        method: 'POST',
        url: `/sandbox/shops/${SHOP_A}/views`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(posted.statusCode).toBe(400);
    }
    const run = (
      await t.app.inject({ method: 'GET', url: `/sandbox/api/shops/${SHOP_A}/traffic` })
    ).json().traffic as Run;
    expect(run.running).toBe(false);
  });
});
