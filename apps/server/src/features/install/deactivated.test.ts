import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';

const PLAN = 'bundle-flexible-2025-monthly';
const DENIED = { error: 'Forbidden', message: 'Access Denied', reason: 'shop_deactivated' };
const SETTINGS = '/api/shopify/shop/popclips/settings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const shop of [SHOP_A, SHOP_B]) await t.asShop(shop, 'GET', '/api/shopify/shop');
});
afterAll(() => t.close());

async function setDeactivated(shop: string, on: boolean) {
  await t.deps.database.db.execute(
    sql`update shops set feature_flags = feature_flags || ${JSON.stringify({ deactivate_shop: on })}::jsonb
        where shopify_domain = ${shop}`,
  );
}

async function draftCount(shop: string) {
  const [row] = await queryRows<{ n: number }>(
    t.deps.database.db,
    sql`select count(*)::int as n from subscription_drafts d join shops on shops.id = d.shop_id
        where shops.shopify_domain = ${shop}`,
  );
  return row?.n;
}

const draft = (shop: string) =>
  t.asShop(shop, 'POST', '/api/shopify/shop/subscription/draft', {
    shopifyDomain: shop,
    planId: PLAN,
    extraAddonIds: ['addon-popclips-basic'],
  });
const saveSettings = (shop: string, on: boolean) =>
  t.asShop(shop, 'POST', SETTINGS, {
    hidePopClipsOnPDP: on,
    showViewsOnPopClips: on,
    showLikesOnPopClips: false,
    enableShopFeaturesBuyBtn: on,
  });
const clipList = (shop: string) =>
  t.asShop(shop, 'POST', '/api/media/listMediabyID', {
    id: shop,
    pageSize: 14,
    fileCategory: 'shopifyClips',
  });

describe('deactivate_shop on the API (spec 01 §2)', () => {
  it('refuses every shop route but the app load with 403 JSON, and changes nothing', async () => {
    const before = (await t.asShop(SHOP_A, 'GET', SETTINGS)).json();
    const drafts = await draftCount(SHOP_A);
    await setDeactivated(SHOP_A, true);

    for (const res of [
      await draft(SHOP_A),
      await saveSettings(SHOP_A, !before.data.hidePopClipsOnPDP),
      await t.asShop(SHOP_A, 'GET', SETTINGS),
      await clipList(SHOP_A),
      await t.asShop(SHOP_A, 'GET', '/api/shopify/shop/embed'),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual(DENIED);
    }

    // The app load still answers, so the admin can show the access-denied page.
    const load = await t.asShop(SHOP_A, 'GET', '/api/shopify/shop');
    expect(load.statusCode).toBe(200);
    expect(load.json().featureFlags.deactivate_shop).toBe(true);

    await setDeactivated(SHOP_A, false);
    expect((await t.asShop(SHOP_A, 'GET', SETTINGS)).json()).toEqual(before);
    expect(await draftCount(SHOP_A)).toBe(drafts);
  });

  it("blocks only the deactivated shop, never another shop's session", async () => {
    await setDeactivated(SHOP_A, true);
    try {
      expect((await draft(SHOP_B)).statusCode).toBe(200);
      expect((await saveSettings(SHOP_B, true)).statusCode).toBe(200);
      expect((await clipList(SHOP_B)).statusCode).toBe(200);
    } finally {
      await setDeactivated(SHOP_A, false);
    }
  });
});
