import type { SandboxStore } from '@popstage/shopify-sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../db/schema';
import { findShop } from '../features/shop';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../test/app';

const APP_URL = 'https://popstage.example';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
let t: TestApp;
let sandbox: SandboxStore;

const post = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });
const openAdmin = async (shop: string) =>
  t.app.inject({ method: 'GET', url: '/api/shopify/shop', headers: await t.auth(shop) });
const feed = (shop: string) =>
  t.app.inject({ method: 'GET', url: `/storefront/v1/shops/${shop}/feed` });
const controlPage = async () => (await t.app.inject({ method: 'GET', url: '/sandbox' })).body;
const uninstallForm = (shop: string) => `action="/sandbox/shops/${shop}/uninstall"`;

beforeAll(async () => {
  t = await createTestApp({ APP_URL });
  if (!t.deps.sandbox) throw new Error('sandbox store expected');
  sandbox = t.deps.sandbox;
  for (const shop of [SHOP_A, SHOP_B]) {
    expect((await openAdmin(shop)).statusCode).toBe(200);
    expect((await post(`/sandbox/api/shops/${shop}/embed`, { enabled: true })).statusCode).toBe(
      200,
    );
  }
  const charge = await sandbox.createAppSubscription(SHOP_A, {
    name: 'Popclips Growth',
    price: { amount: '29.99', currencyCode: 'USD' },
    returnUrl: `${APP_URL}/billing/return`,
    test: true,
    replacementBehavior: 'STANDARD',
  });
  await sandbox.approveAppSubscription(Number(charge.subscription.id.split('/').pop()));
});
afterAll(() => t.close());

describe('sandbox: Uninstall app', () => {
  it('is offered for installed shops only', async () => {
    const page = await controlPage();
    expect(page).toContain(uninstallForm(SHOP_A));
    expect(page).toContain('Uninstall app');
  });

  it("does Shopify's side of an uninstall and delivers a signed app/uninstalled", async () => {
    const response = await post(`/sandbox/api/shops/${SHOP_A}/uninstall`);
    expect(response.statusCode, response.body).toBe(200);
    const { delivery, shop } = response.json();
    expect(delivery).toMatchObject({ statusCode: 200, webhookId: expect.any(String) });
    expect(shop).toMatchObject({
      installed: false,
      uninstalledAt: expect.any(String),
      embedEnabled: false,
    });
    expect(shop.appSubscriptions.map((s: { status: string }) => s.status)).toEqual(['CANCELLED']);
    expect(await sandbox.appUrlMetafield(SHOP_A)).toBeNull();

    // The app took it through the webhook pipeline, as a Shopify delivery.
    const [receipt] = await t.deps.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, delivery.webhookId));
    expect(receipt).toMatchObject({ topic: 'app/uninstalled', shopDomain: SHOP_A });
    expect((await findShop(t.deps.database.db, SHOP_A))?.uninstalledAt).toBeInstanceOf(Date);
    expect((await feed(SHOP_A)).statusCode).toBe(404);

    // The other shop is untouched.
    expect((await feed(SHOP_B)).statusCode).toBe(200);
    expect(await sandbox.isAppEmbedEnabled(SHOP_B)).toBe(true);
    expect(await controlPage()).toContain(uninstallForm(SHOP_B));
  });

  it('answers 409 when the app is not installed, and 404 for an unknown shop', async () => {
    const again = await post(`/sandbox/api/shops/${SHOP_A}/uninstall`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: `Popstage is not installed on ${SHOP_A}` });
    const unknown = await post('/sandbox/api/shops/unknown.myshopify.com/uninstall');
    expect(unknown.statusCode).toBe(404);
    const page = await controlPage();
    expect(page).not.toContain(uninstallForm(SHOP_A));
    expect(page).toContain('Uninstalled');
  });

  it('is reinstalled by opening the admin; the embed stays off until the merchant turns it on', async () => {
    expect((await openAdmin(SHOP_A)).statusCode).toBe(200);
    expect(await sandbox.appUrlMetafield(SHOP_A)).toBe(APP_URL);
    expect(await sandbox.isAppEmbedEnabled(SHOP_A)).toBe(false);
    expect((await feed(SHOP_A)).statusCode).toBe(200);
    expect(await controlPage()).toContain(uninstallForm(SHOP_A));
  });

  it('works from the control page form, back with a notice', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/sandbox/shops/${SHOP_A}/uninstall`,
      headers: FORM,
      payload: '',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/sandbox?done=uninstalled#${SHOP_A}`);
    expect((await feed(SHOP_A)).statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: '/sandbox?done=uninstalled' });
    expect(page.body).toContain('App uninstalled');
  });
});
