import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SHOP_A, type TestApp } from '../../test/app';
import { findShop } from '../shop';
import { isTestCharge } from './service';

/**
 * A charge is a test charge exactly when the shop is a development store (the Admin API's
 * shop.plan.partnerDevelopment, switched on the local Shopify's control page), or when
 * SHOPIFY_BILLING_TEST forces it.
 */
const PLAN = 'bundle-flexible-2025-monthly';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function buyBasic(): Promise<string> {
  const draft = await t.asShop(SHOP_A, 'POST', '/api/shopify/shop/subscription/draft', {
    shopifyDomain: SHOP_A,
    planId: PLAN,
    extraAddonIds: ['addon-popclips-basic'],
  });
  expect(draft.statusCode, draft.body).toBe(200);
  const bought = await t.asShop(SHOP_A, 'POST', '/api/shopify/shop/subscription', {
    draftId: draft.json().id,
  });
  expect(bought.statusCode, bought.body).toBe(200);
  return bought.json().confirmationUrl;
}

const storePlan = (development: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox/api/shops/${SHOP_A}/store-plan`,
    payload: { development },
  });

const newestCharge = async () => (await t.deps.sandbox?.listAppSubscriptions(SHOP_A))?.[0];

describe('test charges', () => {
  it('bills a development store with a test charge and a live store with a real one', async () => {
    expect(t.deps.config.SHOPIFY_BILLING_TEST).toBe(false);
    const onDevelopment = await buyBasic();
    expect((await newestCharge())?.test).toBe(true);
    const testPage = await t.app.inject({ method: 'GET', url: new URL(onDevelopment).pathname });
    expect(testPage.body).toContain('Test charge');
    expect(testPage.body).not.toContain('Real charge');

    const live = await storePlan(false);
    expect(live.statusCode, live.body).toBe(200);
    const onLive = await buyBasic();
    expect((await newestCharge())?.test).toBe(false);
    const realPage = await t.app.inject({ method: 'GET', url: new URL(onLive).pathname });
    expect(realPage.body).toContain('Real charge');
    expect(realPage.body).not.toContain('Test charge');
  });

  it('SHOPIFY_BILLING_TEST forces a test charge on a live store', async () => {
    expect((await storePlan(false)).statusCode).toBe(200);
    const shop = await findShop(t.deps.database.db, SHOP_A);
    if (!shop) throw new Error('no shop');
    expect(await isTestCharge(t.deps, shop)).toBe(false);
    const forced = { ...t.deps, config: { ...t.deps.config, SHOPIFY_BILLING_TEST: true } };
    expect(await isTestCharge(forced, shop)).toBe(true);
  });

  it('refuses a store plan that is not a boolean, changing nothing', async () => {
    expect((await storePlan(true)).statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${SHOP_A}/store-plan`,
      payload: { development: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await t.deps.sandbox?.partnerDevelopment(SHOP_A)).toBe(true);
  });
});
