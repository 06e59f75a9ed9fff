import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ShopRow, shopifySessions, shops, subscriptions } from '../../db/schema';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { chargedBy, insertActiveSubscription } from '../../test/billing';
import { clipWithMedia, placeOrder, rowCounts, storefrontEvents } from '../../test/compliance';
import { signedVisitor } from '../../test/visitor';
import { postWebhook } from '../../test/webhooks';
import { ensureShop, findShop } from '../shop';

const APP_URL = 'https://popstage.example';
const MINUTE = 60_000;
let t: TestApp;
let shopA: ShopRow;
let shareCode: string;
let productId: number;

const uninstall = (shop: string, options: { triggeredAt?: Date; hmac?: string } = {}) =>
  postWebhook(t, 'app/uninstalled', { myshopify_domain: shop, name: 'Shop' }, { shop, ...options });
const feed = (shop: string) =>
  t.app.inject({ method: 'GET', url: `/storefront/v1/shops/${shop}/feed` });
const openAdmin = async (shop: string) =>
  t.app.inject({ method: 'GET', url: '/api/shopify/shop', headers: await t.auth(shop) });
const sessionOf = async (shop: string) =>
  (
    await t.deps.database.db
      .select()
      .from(shopifySessions)
      .where(eq(shopifySessions.shopDomain, shop))
  )[0];
const storeSession = (shop: string, createdAt: Date) =>
  t.deps.database.db
    .insert(shopifySessions)
    .values({ shopDomain: shop, accessToken: `token-${shop}`, scope: 'read_products', createdAt })
    .onConflictDoUpdate({ target: shopifySessions.shopDomain, set: { createdAt } });

beforeAll(async () => {
  t = await createTestApp({ APP_URL, STOREFRONT_RATE_LIMIT: '1000' });
  for (const shop of [SHOP_A, SHOP_B]) expect((await openAdmin(shop)).statusCode).toBe(200);
  shopA = await ensureShop(t.deps, SHOP_A);
  shareCode = await clipWithMedia(t, shopA, 'clip-a');
  const [product] = (await t.deps.platform.listProducts(SHOP_A, { first: 1 })).nodes;
  productId = Number(product?.id.split('/').pop());
});
// The platform has revoked the token (a real uninstall); reliability/webhook-replay.test.ts
// covers a delivery the platform does not confirm.
beforeEach(() => {
  vi.spyOn(t.deps.platform, 'accessRevoked').mockResolvedValue(true);
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => t.close());

describe('app/uninstalled', () => {
  it('stops the storefront, share page and order recording, forgets the token, keeps the data', async () => {
    await storefrontEvents(t, SHOP_A, 'visitor-1', [{ type: 'view', clipId: 'clip-a' }]);
    await placeOrder(t, SHOP_A, { id: 9100, visitorId: 'visitor-1', clipId: 'clip-a', productId });
    await storeSession(SHOP_A, new Date(t.clock.now().getTime() - 60 * MINUTE));
    await storeSession(SHOP_B, new Date(t.clock.now().getTime() - 60 * MINUTE));
    const paid = await insertActiveSubscription(t.deps.database.db, {
      shopId: shopA.id,
      addonIds: [],
      ...chargedBy('gid://shopify/AppSubscription/1', '29.99'),
      activatedAt: t.clock.now(),
    });
    const kept = await rowCounts(t, shopA.id);
    // One credited line, stored for each of the three attribution windows (1, 7 and 30 days).
    expect(kept).toMatchObject({ clips: 1, links: 1, events: 1, orders: 1, attributions: 3 });

    const at = new Date(t.clock.now().getTime() - MINUTE);
    const response = await uninstall(SHOP_A, { triggeredAt: at });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, duplicate: false, outcome: 'uninstalled' });

    expect((await feed(SHOP_A)).statusCode).toBe(404);
    const events = await t.app.inject({
      method: 'POST',
      url: `/storefront/v1/shops/${SHOP_A}/events`,
      payload: {
        visitorId: signedVisitor(SHOP_A, 'visitor-2'),
        events: [{ type: 'view', clipId: 'clip-a' }],
      },
    });
    expect(events.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/s/${shareCode}` })).statusCode).toBe(404);
    const order = await placeOrder(t, SHOP_A, {
      id: 9101,
      visitorId: 'visitor-1',
      clipId: 'clip-a',
      productId,
    });
    expect(order).toMatchObject({ outcome: 'skipped', reason: 'unknown_shop' });
    const billing = await postWebhook(t, 'app_subscriptions/update', {}, { shop: SHOP_A });
    expect(billing.json()).toMatchObject({ outcome: 'skipped', reason: 'uninstalled' });

    // Nothing stored while uninstalled, nothing of the shop's data lost.
    expect(await rowCounts(t, shopA.id)).toEqual(kept);
    expect(await sessionOf(SHOP_A)).toBeUndefined();
    expect(await sessionOf(SHOP_B)).toBeDefined();
    expect(await findShop(t.deps.database.db, SHOP_A)).toMatchObject({
      uninstalledAt: at,
      appUrlMetafield: null,
    });
    const [cancelled] = await t.deps.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, paid.id));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', endedAt: at });
    // The other shop is untouched.
    expect((await feed(SHOP_B)).statusCode).toBe(200);
    expect((await findShop(t.deps.database.db, SHOP_B))?.uninstalledAt).toBeNull();
  });

  it('is reinstalled by the next app load: served again, metafield rewritten, plan to pick', async () => {
    const write = vi.spyOn(t.deps.platform, 'setAppUrlMetafield');
    const admin = await openAdmin(SHOP_A);
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ subscriptionActive: false, subscription: null });
    expect(write).toHaveBeenCalledWith(SHOP_A, APP_URL);
    expect(await findShop(t.deps.database.db, SHOP_A)).toMatchObject({
      uninstalledAt: null,
      appUrlMetafield: APP_URL,
    });
    expect((await feed(SHOP_A)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/s/${shareCode}` })).statusCode).toBe(200);
    await storefrontEvents(t, SHOP_A, 'visitor-3', [{ type: 'view', clipId: 'clip-a' }]);
    expect((await rowCounts(t, shopA.id))?.events).toBe(2);
  });

  it('does not undo a reinstall it arrives after (a token exchanged since)', async () => {
    const now = t.clock.now();
    await storeSession(SHOP_A, now);
    const late = await uninstall(SHOP_A, { triggeredAt: new Date(now.getTime() - 10 * MINUTE) });
    expect(late.json()).toMatchObject({ outcome: 'reinstalled_since' });
    expect(await sessionOf(SHOP_A)).toBeDefined();
    // Shopify deleted the metafield at the uninstall: the next load writes it again.
    expect(await findShop(t.deps.database.db, SHOP_A)).toMatchObject({
      uninstalledAt: null,
      appUrlMetafield: null,
    });
    expect((await feed(SHOP_A)).statusCode).toBe(200);
  });

  it('refuses a wrong signature or a payload naming another shop, changing nothing', async () => {
    const before = await findShop(t.deps.database.db, SHOP_B);
    const forged = await uninstall(SHOP_B, { hmac: 'c2lnbmF0dXJl' });
    expect(forged.statusCode).toBe(401);
    const mismatched = await postWebhook(
      t,
      'app/uninstalled',
      { myshopify_domain: SHOP_A },
      { shop: SHOP_B },
    );
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json()).toMatchObject({ message: expect.stringContaining('another shop') });
    expect(await findShop(t.deps.database.db, SHOP_B)).toEqual(before);
    expect((await feed(SHOP_B)).statusCode).toBe(200);
  });

  it('acknowledges an uninstall of a shop the app never stored', async () => {
    const response = await uninstall('never-installed.myshopify.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'unknown_shop' });
    const rows = await t.deps.database.db
      .select({ id: shops.id })
      .from(shops)
      .where(eq(shops.shopifyDomain, 'never-installed.myshopify.com'));
    expect(rows).toEqual([]);
  });
});
