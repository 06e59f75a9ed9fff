import { PGlite } from '@electric-sql/pglite';
import { DEMO_SHOP, openLocalShopify } from '@popstage/shopify-sandbox';
import { freePort } from '@popstage/testkit/app';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findShop } from '../features/shop';
import { createTestApp, type TestApp } from '../test/app';

/**
 * The local Shopify running alone, as `npm run start:shopify` runs it: its own server, port and
 * database, and the app on another port with SHOPIFY_ADMIN_URL. Every exchange between them is
 * real HTTP over sockets: token exchange and Admin API calls, the staff API, webhooks.
 */

const OPERATOR_TOKEN = 'o'.repeat(48);
let local: FastifyInstance;
let localUrl: string;
let t: TestApp;

beforeAll(async () => {
  const [appPort, localPort] = [await freePort(), await freePort()];
  const appUrl = `http://127.0.0.1:${appPort}`;
  localUrl = `http://127.0.0.1:${localPort}`;
  const shopify = await openLocalShopify(
    { kind: 'pglite', client: await PGlite.create('memory://') },
    {
      baseUrl: localUrl,
      app: {
        apiKey: 'popstage-sandbox-key',
        apiSecret: 'popstage-sandbox-secret-do-not-use',
        url: appUrl,
      },
      operatorToken: OPERATOR_TOKEN,
    },
  );
  await shopify.store.seed();
  local = Fastify();
  local.setValidatorCompiler(validatorCompiler);
  local.setSerializerCompiler(serializerCompiler);
  await local.register(shopify.plugin, { prefix: '/sandbox' });
  await local.listen({ port: localPort, host: '127.0.0.1' });
  t = await createTestApp({
    APP_URL: appUrl,
    SHOPIFY_ADMIN_URL: `${localUrl}/sandbox`,
    OPERATOR_API_TOKEN: OPERATOR_TOKEN,
  });
  await t.app.listen({ port: appPort, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await t.close();
  await local.close();
});

const json = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${localUrl}${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, never> };
};

describe('the local Shopify on its own, the app on another port', () => {
  it('mounts nothing of the local Shopify in the app', async () => {
    expect(t.deps.localShopify).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/api/shops' })).statusCode).toBe(404);
  });

  it('installs the shop by token exchange over HTTP when the admin calls the app', async () => {
    const { body } = await json(`/sandbox/session-token?shop=${DEMO_SHOP}`);
    const answer = await fetch(`${t.deps.config.APP_URL}/api/shopify/shop`, {
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { primaryDomainUrl: string }).primaryDomainUrl).toBe(
      `${localUrl}/sandbox/store/${DEMO_SHOP}`,
    );
    const state = await json('/sandbox/api/shops');
    const demo = (
      state.body.shops as unknown as { domain: string; appInstalled: boolean; installed: boolean }[]
    ).find((shop) => shop.domain === DEMO_SHOP);
    expect(demo).toMatchObject({ appInstalled: true, installed: true });
  });

  it("sets the app's flags through its staff API", async () => {
    const set = await json(`/sandbox/api/shops/${DEMO_SHOP}/flags`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ looker_dashboard: true }),
    });
    expect(set.status).toBe(200);
    const row = await findShop(t.deps.database.db, DEMO_SHOP);
    expect(row?.featureFlags.looker_dashboard).toBe(true);
  });

  it('uninstalls with app/uninstalled delivered to the app over HTTP', async () => {
    const uninstall = await json(`/sandbox/api/shops/${DEMO_SHOP}/uninstall`, { method: 'POST' });
    expect(uninstall.status).toBe(200);
    expect(uninstall.body.delivery).toMatchObject({ statusCode: 200 });
    const row = await findShop(t.deps.database.db, DEMO_SHOP);
    expect(row?.uninstalledAt).not.toBeNull();
  });
});
