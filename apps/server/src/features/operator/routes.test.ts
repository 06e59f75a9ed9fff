import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { findShop } from '../shop';
import { requireOperator } from './credential';

let t: TestApp;
let staff: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  staff = { authorization: `Bearer ${t.deps.config.OPERATOR_API_TOKEN}` };
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: staff, ...(payload ? { payload } : {}) });

describe('the operator credential', () => {
  it('refuses a call without it or with another one, changing nothing', async () => {
    const url = `/operator/api/shops/${SHOP_A}/feature-flags`;
    for (const headers of [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: staff.authorization.slice(7) },
    ]) {
      const answer = await t.app.inject({
        method: 'PATCH',
        url,
        headers,
        payload: { deactivate_shop: true },
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ message: 'A valid operator credential is required' });
    }
    const row = await findShop(t.deps.database.db, SHOP_A);
    expect(row?.featureFlags.deactivate_shop).not.toBe(true);
  });

  it('is a sandbox default derived from the secret, and without one the API does not exist', async () => {
    expect(t.deps.config.OPERATOR_API_TOKEN).toMatch(/^[0-9a-f]{64}$/);
    await expect(
      requireOperator(undefined)({ method: 'GET', url: '/operator/api/x' } as never),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('shops', () => {
  it("reads the app's side of a shop", async () => {
    const answer = await call('GET', `/operator/api/shops/${SHOP_A}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().shop).toMatchObject({
      domain: SHOP_A,
      featureFlags: { deactivate_shop: false, looker_dashboard: false },
      mobileAppRequest: null,
    });
  });

  it('merges feature flags, and refuses an empty or unknown patch with nothing stored', async () => {
    const set = await call('PATCH', `/operator/api/shops/${SHOP_A}/feature-flags`, {
      looker_dashboard: true,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().shop.featureFlags).toMatchObject({
      looker_dashboard: true,
      deactivate_shop: false,
    });
    for (const bad of [{}, { no_such_flag: true }, { looker_dashboard: 'yes' }]) {
      const refused = await call('PATCH', `/operator/api/shops/${SHOP_A}/feature-flags`, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toHaveProperty('message');
    }
    const after = await call('GET', `/operator/api/shops/${SHOP_A}`);
    expect(after.json().shop.featureFlags).toMatchObject({ looker_dashboard: true });
    // The other shop is untouched.
    const other = await call('GET', `/operator/api/shops/${SHOP_B}`);
    expect(other.json().shop.featureFlags.looker_dashboard).toBe(false);
  });

  it('puts the branded-app request in a preset state, and back to none', async () => {
    const live = await call('PUT', `/operator/api/shops/${SHOP_A}/mobile-app-request`, {
      preset: 'ios_live',
    });
    expect(live.statusCode).toBe(200);
    expect(live.json().shop.mobileAppRequest).toMatchObject({
      iosStatus: 'LIVE',
      androidStatus: null,
    });
    expect(live.json().shop.mobileAppRequest.submittedAt).toBe(t.clock.now().toISOString());
    const none = await call('PUT', `/operator/api/shops/${SHOP_A}/mobile-app-request`, {
      preset: 'none',
    });
    expect(none.json().shop.mobileAppRequest).toBeNull();
    const bad = await call('PUT', `/operator/api/shops/${SHOP_A}/mobile-app-request`, {
      preset: 'launched',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('proposes a plan change pending for the merchant; an unknown plan is refused', async () => {
    const { catalogue } = t.deps;
    const plan = catalogue.plans.find((p) => p.visibility === 'public');
    // A call that needs the app's row makes it, as a first admin open would.
    await call('PATCH', `/operator/api/shops/${SHOP_B}/feature-flags`, { looker_dashboard: false });
    const shop = await findShop(t.deps.database.db, SHOP_B);
    if (!plan || !shop) throw new Error('fixture');
    const pending = () =>
      t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.shopId, shop.id));
    const before = (await pending()).length;
    const refused = await call('POST', `/operator/api/shops/${SHOP_B}/plan-change-proposals`, {
      planId: 'no-such-plan',
      addonIds: [],
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await pending()).toHaveLength(before);
    const proposed = await call('POST', `/operator/api/shops/${SHOP_B}/plan-change-proposals`, {
      planId: plan.id,
      addonIds: [],
    });
    expect(proposed.statusCode).toBe(201);
    const rows = await pending();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ status: 'PENDING', origin: 'company' });
  });

  it('tells staff to install first on a shop the app never met, storing nothing', async () => {
    const never = 'never-opened.myshopify.com';
    const answer = await call('PATCH', `/operator/api/shops/${never}/feature-flags`, {
      looker_dashboard: true,
    });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    expect(await findShop(t.deps.database.db, never)).toBeUndefined();
    const bad = await call('GET', '/operator/api/shops/not-a-shop');
    expect(bad.statusCode).toBe(400);
  });

  it('lists the public offer and the discount codes', async () => {
    const answer = await call('GET', '/operator/api/billing/offer');
    expect(answer.statusCode).toBe(200);
    const offer = answer.json();
    expect(offer.plans.length).toBeGreaterThan(0);
    expect(offer.discountCodes.map((c: { code: string }) => c.code)).toContain('WELCOME20');
  });

  it('forgets everything the app stored for a shop', async () => {
    const gone = await call('DELETE', `/operator/api/shops/${SHOP_B}`);
    expect(gone.json()).toEqual({ deleted: true });
    expect(await findShop(t.deps.database.db, SHOP_B)).toBeUndefined();
    expect((await call('DELETE', `/operator/api/shops/${SHOP_B}`)).json()).toEqual({
      deleted: false,
    });
    expect(await findShop(t.deps.database.db, SHOP_A)).toBeDefined();
  });
});
