import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopRow } from '../db/schema';
import { orderAttribution } from '../features/analytics';
import { findShop } from '../features/shop';
import { MISSING_TRIGGERED_AT } from '../http/shopify-webhooks';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../test/app';
import { clipWithMedia, placeOrder, rowCounts } from '../test/compliance';
import { postWebhook } from '../test/webhooks';

/**
 * Findings: the HMAC covers only the body, so a captured delivery can be resent with other headers.
 * An old app/uninstalled replayed after a reinstall uninstalled the shop, and shop/redact then
 * deleted its clips. Each replay below is refused or changes nothing.
 */
const HOUR = 3_600_000;
let t: TestApp;
let shopA: ShopRow;

const openAdmin = async (shop: string) =>
  t.app.inject({ method: 'GET', url: '/api/shopify/shop', headers: await t.auth(shop) });
const feed = (shop: string) =>
  t.app.inject({ method: 'GET', url: `/storefront/v1/shops/${shop}/feed` });
const uninstalledPayload = (shop: string) => ({ myshopify_domain: shop, name: 'Shop' });
const order = (id: number) => ({
  id,
  name: `#${id}`,
  created_at: t.clock.now().toISOString(),
  currency: 'USD',
  total_price: '25.00',
  note_attributes: [],
  line_items: [],
});
const redact = (shop: string) =>
  postWebhook(t, 'shop/redact', { shop_id: 954889, shop_domain: shop }, { shop });

beforeAll(async () => {
  t = await createTestApp();
  for (const shop of [SHOP_A, SHOP_B]) expect((await openAdmin(shop)).statusCode).toBe(200);
  shopA = (await findShop(t.deps.database.db, SHOP_A)) as ShopRow;
  await clipWithMedia(t, shopA, 'clip-a');
});
afterAll(() => t.close());

describe('webhook replays', () => {
  it('app/uninstalled while the platform still accepts the token changes nothing', async () => {
    const replay = await postWebhook(t, 'app/uninstalled', uninstalledPayload(SHOP_A), {
      shop: SHOP_A,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ outcome: 'still_installed' });
    expect((await findShop(t.deps.database.db, SHOP_A))?.uninstalledAt).toBeNull();
    expect((await feed(SHOP_A)).statusCode).toBe(200);
  });

  it('an old app/uninstalled replayed after a reinstall does not uninstall again', async () => {
    // The real uninstall: the local Shopify revokes the token and delivers app/uninstalled.
    const uninstalled = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${SHOP_A}/uninstall`,
    });
    expect(uninstalled.statusCode, uninstalled.body).toBe(200);
    expect((await findShop(t.deps.database.db, SHOP_A))?.uninstalledAt).not.toBeNull();
    // The merchant comes back (a new token), then the captured delivery is resent.
    expect((await openAdmin(SHOP_A)).statusCode).toBe(200);
    const replay = await postWebhook(t, 'app/uninstalled', uninstalledPayload(SHOP_A), {
      shop: SHOP_A,
      triggeredAt: new Date(t.clock.now().getTime() - 60_000),
    });
    expect(replay.json()).toMatchObject({ outcome: 'still_installed' });
    expect((await findShop(t.deps.database.db, SHOP_A))?.uninstalledAt).toBeNull();
    expect((await feed(SHOP_A)).statusCode).toBe(200);
  });

  it('shop/redact deletes nothing for an installed shop, nor when issued before a reinstall', async () => {
    expect((await redact(SHOP_A)).json()).toMatchObject({
      outcome: 'skipped',
      reason: 'installed',
    });
    await t.app.inject({ method: 'POST', url: `/sandbox/api/shops/${SHOP_A}/uninstall` });
    expect((await findShop(t.deps.database.db, SHOP_A))?.uninstalledAt).not.toBeNull();
    // Shopify issues the request; the merchant reinstalls before it arrives.
    const issuedAt = t.clock.now();
    t.clock.advance(60_000);
    expect((await openAdmin(SHOP_A)).statusCode).toBe(200);
    t.clock.advance(60_000);
    const late = await postWebhook(
      t,
      'shop/redact',
      { shop_id: 954889, shop_domain: SHOP_A },
      { shop: SHOP_A, triggeredAt: issuedAt },
    );
    expect(late.json()).toMatchObject({ outcome: 'skipped', reason: 'reinstalled' });
    await t.runJobs();
    expect(await rowCounts(t, shopA.id)).toMatchObject({ shops: 1, clips: 1 });
  });

  it('shop/redact erases an uninstalled shop whenever it arrives, minutes after the uninstall', async () => {
    const shopB = (await findShop(t.deps.database.db, SHOP_B)) as ShopRow;
    await clipWithMedia(t, shopB, 'clip-b');
    await t.app.inject({ method: 'POST', url: `/sandbox/api/shops/${SHOP_B}/uninstall` });
    t.clock.advance(5 * 60_000);
    expect((await redact(SHOP_B)).json()).toMatchObject({ outcome: 'queued' });
    expect(await t.runJobs()).toBe(1);
    expect(await rowCounts(t, shopB.id)).toMatchObject({ shops: 0, clips: 0 });
    // Shop A, installed, keeps everything.
    expect(await rowCounts(t, shopA.id)).toMatchObject({ shops: 1, clips: 1 });
    // The merchant's next open is a fresh install.
    expect((await openAdmin(SHOP_B)).statusCode).toBe(200);
  });

  it('a delivery triggered longer ago than Shopify retries is refused and stores nothing', async () => {
    const before = await rowCounts(t, shopA.id);
    const stale = await postWebhook(t, 'orders/create', order(4242), {
      shop: SHOP_A,
      triggeredAt: new Date(t.clock.now().getTime() - 6 * HOUR),
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toContain('too long ago');
    expect(await rowCounts(t, shopA.id)).toEqual(before);
  });

  it('a payload naming another shop than the header is refused', async () => {
    const crossed = await postWebhook(t, 'app/uninstalled', uninstalledPayload(SHOP_A), {
      shop: SHOP_B,
    });
    expect(crossed.statusCode).toBe(400);
    expect((await findShop(t.deps.database.db, SHOP_B))?.uninstalledAt).toBeNull();
  });

  it('a delivery without X-Shopify-Triggered-At (Shopify always sends it) is refused', async () => {
    const before = await rowCounts(t, shopA.id);
    const missing = await postWebhook(t, 'orders/create', order(4343), {
      shop: SHOP_A,
      triggeredAt: null,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MISSING_TRIGGERED_AT);
    expect(await rowCounts(t, shopA.id)).toEqual(before);
  });

  it("an order of one shop replayed under another's header does not make the real delivery skip", async () => {
    // The replay comes first (the real delivery failed and Shopify retries it later), with the
    // real delivery's id: neither the delivery id nor the order id may be taken from shop A.
    const shopB = (await findShop(t.deps.database.db, SHOP_B)) as ShopRow;
    const replay = await postWebhook(t, 'orders/create', order(7001), {
      shop: SHOP_B,
      webhookId: 'delivery-7001',
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ duplicate: false, attributedLines: 0 });
    const real = await postWebhook(t, 'orders/create', order(7001), {
      shop: SHOP_A,
      webhookId: 'delivery-7001',
    });
    expect(real.statusCode).toBe(200);
    expect(real.json()).toMatchObject({ duplicate: false, outcome: 'recorded' });
    expect((await orderAttribution(t.deps.database.db, shopA.id, '7001'))?.order.name).toBe(
      '#7001',
    );
    // And the other way round: shop A's order replayed under B after the real one changes
    // nothing of A's order.
    const again = await postWebhook(t, 'orders/create', order(7001), { shop: SHOP_B });
    expect(again.json()).toMatchObject({ outcome: 'duplicate', attributedLines: 0 });
    expect((await orderAttribution(t.deps.database.db, shopB.id, '7001'))?.attributions).toEqual(
      [],
    );
    // Shop B's own orders are recorded as ever.
    await placeOrder(t, SHOP_B, { id: 7002, visitorId: 'v', clipId: 'none', productId: 1 });
  });
});
