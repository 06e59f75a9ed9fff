import { randomUUID } from 'node:crypto';
import { DEMO_SHOP, OTHER_SHOP, type SandboxStore } from '@popstage/shopify-sandbox';
import type { CreateAppSubscriptionInput } from '@popstage/shopify-sandbox/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscriptions, webhookDeliveries } from '../db/schema';
import { ensureShop } from '../features/shop';
import { createTestApp, type TestApp } from '../test/app';

const RETURN_URL = `http://localhost:3000/billing/return?shop=${DEMO_SHOP}`;

/** The whole app: a decision reaches it only as the signed app_subscriptions/update webhook. */
let t: TestApp & { sandbox: SandboxStore; database: TestApp['deps']['database'] };

beforeAll(async () => {
  const app = await createTestApp();
  if (!app.deps.sandbox) throw new Error('sandbox store expected');
  t = Object.assign(app, { sandbox: app.deps.sandbox, database: app.deps.database });
});

afterAll(async () => {
  await t.close();
});

/** The app_subscriptions/update deliveries the app received for the shop. */
const subscriptionUpdates = async (shop: string) =>
  (await t.database.db.select().from(webhookDeliveries)).filter(
    (row) => row.topic === 'app_subscriptions/update' && row.shopDomain === shop,
  );

beforeEach(async () => {
  await t.database.db.delete(webhookDeliveries);
  for (const shop of [DEMO_SHOP, OTHER_SHOP]) {
    await t.app.inject({ method: 'POST', url: `/sandbox/api/shops/${shop}/reset` });
  }
});

async function createCharge(shop = DEMO_SHOP, overrides: Partial<CreateAppSubscriptionInput> = {}) {
  const created = await t.sandbox.createAppSubscription(shop, {
    name: 'Popclips Growth',
    price: { amount: '29.99', currencyCode: 'USD' },
    discount: { amount: '5.00', durationLimitInIntervals: 2 },
    returnUrl: RETURN_URL,
    test: true,
    replacementBehavior: 'STANDARD',
    ...overrides,
  });
  const path = new URL(created.confirmationUrl).pathname;
  return { ...created, path, numericId: Number(path.split('/').at(-1)) };
}

/** The app's own record of a checkout waiting for this charge, as the billing service keeps it. */
async function appPendingSubscription(platformSubscriptionId: string) {
  const shop = await ensureShop(t.deps, DEMO_SHOP);
  const [row] = await t.database.db
    .insert(subscriptions)
    .values({
      shopId: shop.id,
      draftId: randomUUID(),
      planId: 'plan-growth',
      addonIds: [],
      status: 'PENDING',
      isStub: false,
      platformSubscriptionId,
      lineItems: [],
      subtotal: '29.99',
      total: '24.99',
      currencyCode: 'USD',
    })
    .returning();
  return row?.id ?? '';
}

const appStatus = async (id: string) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]?.status;

describe('approval page', () => {
  it('shows the shop, the charge, its price, discount and test badge, with both buttons', async () => {
    const { path } = await createCharge();
    const response = await t.app.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    for (const text of [
      'Demo Store',
      'Popclips Growth',
      '$29.99',
      'every 30 days',
      '$5.00 off for 2 billing cycles',
      'Test charge',
      `action="${path}/approve"`,
      `action="${path}/decline"`,
    ]) {
      expect(response.body).toContain(text);
    }
  });

  it('approving activates the charge, tells the app by webhook and returns with charge_id', async () => {
    const { path, numericId, subscription } = await createCharge();
    const appSubscriptionId = await appPendingSubscription(subscription.id);

    const response = await t.app.inject({ method: 'POST', url: `${path}/approve` });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/billing/return');
    expect(location.searchParams.get('shop')).toBe(DEMO_SHOP);
    expect(location.searchParams.get('charge_id')).toBe(String(numericId));

    expect(await subscriptionUpdates(DEMO_SHOP)).toHaveLength(1);
    expect((await t.sandbox.activeAppSubscriptions(DEMO_SHOP)).map((s) => s.id)).toEqual([
      subscription.id,
    ]);
    expect(await appStatus(appSubscriptionId)).toBe('ACTIVE');
  });

  it('approving replaces the active charge', async () => {
    const first = await createCharge();
    await t.app.inject({ method: 'POST', url: `${first.path}/approve` });
    const second = await createCharge(DEMO_SHOP, { name: 'Bundle' });
    const page = await t.app.inject({ method: 'GET', url: second.path });
    expect(page.body).toContain('Approving replaces Popclips Growth.');
    await t.app.inject({ method: 'POST', url: `${second.path}/approve` });
    expect((await t.sandbox.activeAppSubscriptions(DEMO_SHOP)).map((s) => s.name)).toEqual([
      'Bundle',
    ]);
  });

  it('declining marks the charge declined and returns with charge_id, without activating', async () => {
    const { path, numericId, subscription } = await createCharge();
    const appSubscriptionId = await appPendingSubscription(subscription.id);
    const response = await t.app.inject({ method: 'POST', url: `${path}/decline` });
    expect(response.statusCode).toBe(303);
    expect(new URL(response.headers.location ?? '').searchParams.get('charge_id')).toBe(
      String(numericId),
    );
    expect((await t.sandbox.getAppSubscription(numericId))?.status).toBe('DECLINED');
    expect(await t.sandbox.activeAppSubscriptions(DEMO_SHOP)).toEqual([]);
    expect(await subscriptionUpdates(DEMO_SHOP)).toHaveLength(1);
    expect(await appStatus(appSubscriptionId)).toBe('PENDING');
  });

  it('refuses a second decision and says the charge was already decided', async () => {
    const { path } = await createCharge();
    await t.app.inject({ method: 'POST', url: `${path}/approve` });
    expect(await subscriptionUpdates(DEMO_SHOP)).toHaveLength(1);

    for (const action of ['approve', 'decline']) {
      const again = await t.app.inject({ method: 'POST', url: `${path}/${action}` });
      expect(again.statusCode).toBe(409);
      expect(again.body).toContain('already approved');
    }
    // Nothing changed, so nothing was sent.
    expect(await subscriptionUpdates(DEMO_SHOP)).toHaveLength(1);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('already approved');
    expect(page.body).not.toContain('/approve"');

    const declined = await createCharge();
    await t.app.inject({ method: 'POST', url: `${declined.path}/decline` });
    const retry = await t.app.inject({ method: 'POST', url: `${declined.path}/approve` });
    expect(retry.statusCode).toBe(409);
    expect(retry.body).toContain('already declined');
    expect(await t.sandbox.activeAppSubscriptions(DEMO_SHOP)).toHaveLength(1);
  });

  it('answers an unknown charge with a 404 page and a malformed id with 400', async () => {
    for (const [method, url] of [
      ['GET', '/sandbox/billing/confirm/999999999'],
      ['POST', '/sandbox/billing/confirm/999999999/approve'],
      ['POST', '/sandbox/billing/confirm/999999999/decline'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Charge not found');
    }
    const malformed = await t.app.inject({ method: 'GET', url: '/sandbox/billing/confirm/abc' });
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses cross-site approvals', async () => {
    const { path, numericId } = await createCharge();
    const response = await t.app.inject({
      method: 'POST',
      url: `${path}/approve`,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect((await t.sandbox.getAppSubscription(numericId))?.status).toBe('PENDING');
  });

  it('keeps a webhook the app fails from stranding the merchant', async () => {
    const { path } = await createCharge();
    // The app's handler re-reads the charges from Shopify; this time that read fails (500).
    const reads = vi
      .spyOn(t.deps.platform, 'activeAppSubscriptions')
      .mockRejectedValueOnce(new Error('Shopify is down'));
    const response = await t.app.inject({ method: 'POST', url: `${path}/approve` });
    expect(reads).toHaveBeenCalledTimes(1);
    expect(response.statusCode).toBe(303);
    expect(await t.sandbox.activeAppSubscriptions(DEMO_SHOP)).toHaveLength(1);
    reads.mockRestore();
  });
});
