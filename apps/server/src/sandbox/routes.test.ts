import { DEMO_SHOP, OTHER_SHOP, type SandboxStore } from '@popstage/shopify-sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifySessionToken } from '../auth/session-token';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { findShop } from '../features/shop';
import { type SandboxTestApp, startSandboxApp } from '../test/sandbox-app';

const config = loadConfig({});
const keys = { apiKey: config.SHOPIFY_API_KEY, apiSecret: config.SHOPIFY_API_SECRET };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let harness: SandboxTestApp;
let database: Database;
let sandbox: SandboxStore;
let app: SandboxTestApp['app'];

beforeAll(async () => {
  harness = await startSandboxApp();
  ({ app, database, sandbox } = harness);
});

afterAll(async () => {
  await harness.close();
});

beforeEach(async () => {
  for (const shop of [DEMO_SHOP, OTHER_SHOP]) {
    await app.inject({ method: 'POST', url: `/sandbox/api/shops/${shop}/reset` });
  }
});

const shopState = async (shop: string) => {
  const response = await app.inject({ method: 'GET', url: '/sandbox/api/shops' });
  return response.json().shops.find((s: { domain: string }) => s.domain === shop);
};

describe('session tokens', () => {
  it('issues a token the API accepts for that shop', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/sandbox/session-token?shop=${DEMO_SHOP}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await verifySessionToken(keys, response.json().token)).toBe(DEMO_SHOP);
  });

  it.each([
    ['unknown.myshopify.com', 404],
    ['evil.example.com', 400],
    ['', 400],
  ])('rejects shop %j with %i', async (shop, status) => {
    const response = await app.inject({
      method: 'GET',
      url: `/sandbox/session-token?shop=${shop}`,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
    expect(response.json().token).toBeUndefined();
  });
});

describe('control page', () => {
  it('shows both shops with their state and admin links', async () => {
    const response = await app.inject({ method: 'GET', url: '/sandbox?done=junk' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    for (const shop of [DEMO_SHOP, OTHER_SHOP]) {
      expect(response.body).toContain(`/sandbox/store/${shop}/apps/popstage"`);
      expect(response.body).toContain(`action="/sandbox/shops/${shop}/reset"`);
    }
    expect(response.body).toContain('Not installed');
    expect(response.body).toContain('deactivate_shop');
  });

  it('sends staff to the operator console: the console, and each shop’s page there', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/sandbox' });
    const appUrl = harness.deps.config.APP_URL;
    expect(body).toContain(`<a href="${appUrl}/operator">Operator console</a>`);
    expect(body).toContain('npm run operator:create');
    for (const shop of [DEMO_SHOP, OTHER_SHOP]) {
      expect(body).toContain(`<a href="${appUrl}/operator/shops/${shop}">`);
    }
  });

  it('toggles a flag through its form and comes back with a notice', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/sandbox/shops/${DEMO_SHOP}/flags`,
      headers: FORM,
      payload: 'name=looker_dashboard&enabled=true',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/sandbox?done=flags#${DEMO_SHOP}`);
    expect((await shopState(DEMO_SHOP)).featureFlags.looker_dashboard).toBe(true);
    const page = await app.inject({ method: 'GET', url: '/sandbox?done=flags' });
    expect(page.body).toContain('Feature flag saved.');
  });

  it('switches the theme app embed through its form', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/sandbox/shops/${DEMO_SHOP}/embed`,
      headers: FORM,
      payload: 'enabled=true',
    });
    expect(response.statusCode).toBe(303);
    expect(await sandbox.isAppEmbedEnabled(DEMO_SHOP)).toBe(true);
    expect(await sandbox.isAppEmbedEnabled(OTHER_SHOP)).toBe(false);
  });

  it('resets through its form', async () => {
    await sandbox.setAppEmbed(DEMO_SHOP, true);
    const response = await app.inject({
      method: 'POST',
      url: `/sandbox/shops/${DEMO_SHOP}/reset`,
      headers: FORM,
      payload: '',
    });
    expect(response.statusCode).toBe(303);
    expect(await sandbox.isAppEmbedEnabled(DEMO_SHOP)).toBe(false);
  });

  it('rejects bad form input with a JSON 400', async () => {
    for (const payload of ['name=nope&enabled=true', 'name=looker_dashboard&enabled=yes', '']) {
      const response = await app.inject({
        method: 'POST',
        url: `/sandbox/shops/${DEMO_SHOP}/flags`,
        headers: FORM,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it('refuses cross-site posts', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/sandbox/shops/${DEMO_SHOP}/reset`,
      headers: { ...FORM, 'sec-fetch-site': 'cross-site' },
      payload: '',
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('JSON controls', () => {
  it('sets feature flags, installing the app, without touching other flags or shops', async () => {
    const first = await app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${DEMO_SHOP}/flags`,
      payload: { deactivate_shop: true },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().shop).toMatchObject({
      installed: true,
      featureFlags: { deactivate_shop: true },
    });
    await app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${DEMO_SHOP}/flags`,
      payload: { disable_push_notification: true, looker_dashboard: false },
    });
    expect((await findShop(database.db, DEMO_SHOP))?.featureFlags).toEqual({
      deactivate_shop: true,
      disable_push_notification: true,
      looker_dashboard: false,
    });
    expect(await findShop(database.db, OTHER_SHOP)).toBeUndefined();
  });

  it.each([{}, { nope: true }, { deactivate_shop: 'yes' }])(
    'rejects flags body %j',
    async (payload) => {
      const response = await app.inject({
        method: 'POST',
        url: `/sandbox/api/shops/${DEMO_SHOP}/flags`,
        payload,
      });
      expect(response.statusCode).toBe(400);
    },
  );

  it('answers unknown and malformed shops with 404 and 400', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/sandbox/api/shops/unknown.myshopify.com/embed',
      payload: { enabled: true },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await app.inject({
      method: 'POST',
      url: '/sandbox/api/shops/not-a-shop/reset',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('switches the embed and rejects a non-boolean', async () => {
    const on = await app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${OTHER_SHOP}/embed`,
      payload: { enabled: true },
    });
    expect(on.json().shop.embedEnabled).toBe(true);
    const bad = await app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${OTHER_SHOP}/embed`,
      payload: { enabled: 'true' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('reset gives a fresh install: no app data, fresh store', async () => {
    await app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${DEMO_SHOP}/flags`,
      payload: { looker_dashboard: true },
    });
    await sandbox.setAppEmbed(DEMO_SHOP, true);
    await sandbox.publishProducts(DEMO_SHOP);
    await sandbox.createPage(DEMO_SHOP, { title: 'Live', handle: 'live', body: '' });
    await app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${OTHER_SHOP}/flags`,
      payload: { looker_dashboard: true },
    });

    const response = await app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${DEMO_SHOP}/reset`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().shop).toMatchObject({
      installed: false,
      embedEnabled: false,
      publishedProducts: 0,
      livePage: false,
      featureFlags: { looker_dashboard: false, deactivate_shop: false },
    });
    expect(await findShop(database.db, DEMO_SHOP)).toBeUndefined();
    expect((await findShop(database.db, OTHER_SHOP))?.featureFlags).toEqual({
      looker_dashboard: true,
    });
  });
});
