import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { type AppDeps, createDeps } from '../deps';
import { shopifyWebhookRoutes, WEBHOOK_MAX_AGE_MS } from '../http/shopify-webhooks';
import { signShopifyWebhook, verifyShopifyWebhook } from '../platform/shopify';
import { createTestClock } from '../test/app';
import { createTestDatabase } from '../test/database';

/**
 * Webhook verification on one topic of its own, served by the app's HTTP stack: the HMAC of the
 * raw bytes, the shop and id headers, the topic, the payload and the shop it names, the replay
 * age, and one handling per webhook id. Every refusal is a 4xx that reaches no handler.
 */
const SHOP = 'demo-store.myshopify.com';
const clock = createTestClock(new Date('2026-06-01T12:00:00Z'));
let app: App;
let deps: AppDeps;
let dataDir: string;
let handled: { shopDomain: string; webhookId: string; triggeredAt: Date; payload: unknown }[];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'popstage-webhooks-'));
  deps = await createDeps(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), {
    database: await createTestDatabase(),
    clock,
    adminDist: null,
    widgetBundle: null,
    supervise: false,
  });
  app = await buildApp(deps, { routes: 'health' });
  await app.register(
    shopifyWebhookRoutes({
      topic: 'things/update',
      payload: z.object({ id: z.number().int(), shop: z.string().optional() }),
      payloadShop: (payload) => payload.shop,
      handle: async (_deps, delivery) => {
        handled.push(delivery);
        return { thing: delivery.payload.id };
      },
    }),
  );
  await app.ready();
});
beforeEach(() => {
  handled = [];
});
afterAll(async () => {
  await app.close();
  await deps.database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let nextId = 1;
function deliver(body: string | object, headers: Record<string, string | undefined> = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const all: Record<string, string | undefined> = {
    'content-type': 'application/json',
    'x-shopify-hmac-sha256': signShopifyWebhook(Buffer.from(raw), deps.config.SHOPIFY_API_SECRET),
    'x-shopify-shop-domain': SHOP,
    'x-shopify-webhook-id': `hook-${nextId++}`,
    'x-shopify-topic': 'things/update',
    'x-shopify-triggered-at': clock.now().toISOString(),
    ...headers,
  };
  return app.inject({
    method: 'POST',
    url: '/webhooks/things/update',
    headers: Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >,
    payload: raw,
  });
}

describe('Shopify webhook verification', () => {
  it('hands a signed delivery to its handler once, with the shop, id and trigger time', async () => {
    const at = new Date(clock.now().getTime() - 60_000);
    const first = await deliver(
      { id: 7 },
      {
        'x-shopify-webhook-id': ' hook-once ',
        'x-shopify-shop-domain': ' Demo-Store.myshopify.com ',
        'x-shopify-triggered-at': at.toISOString(),
      },
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ok: true, duplicate: false, thing: 7 });
    expect(handled).toEqual([
      expect.objectContaining({
        shopDomain: SHOP,
        webhookId: 'hook-once',
        triggeredAt: at,
        payload: { id: 7 },
      }),
    ]);
    const again = await deliver({ id: 7 }, { 'x-shopify-webhook-id': 'hook-once' });
    expect(again.json()).toEqual({ ok: true, duplicate: true });
    expect(handled).toHaveLength(1);
  });

  it('refuses a wrong, missing or padded signature with 401', async () => {
    for (const hmac of [undefined, '', 'AAAA', `${signShopifyWebhook(Buffer.from('{}'), 'x')}`]) {
      const res = await deliver({ id: 1 }, { 'x-shopify-hmac-sha256': hmac });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid webhook signature');
    }
    const body = JSON.stringify({ id: 1 });
    const good = signShopifyWebhook(Buffer.from(body), deps.config.SHOPIFY_API_SECRET);
    expect((await deliver(body, { 'x-shopify-hmac-sha256': `${good}AAAA` })).statusCode).toBe(401);
    // The bytes are what is signed: the same JSON spaced differently is another body.
    expect(
      (await deliver(JSON.stringify({ id: 1 }, null, 2), { 'x-shopify-hmac-sha256': good }))
        .statusCode,
    ).toBe(401);
    expect(handled).toEqual([]);
  });

  it('accepts the signature with surrounding spaces and checks it in constant-length form', () => {
    const body = Buffer.from('{"id":1}');
    const good = signShopifyWebhook(body, 'secret');
    expect(verifyShopifyWebhook(body, ` ${good} `, 'secret')).toBe(true);
    expect(verifyShopifyWebhook(body, good.slice(0, -1), 'secret')).toBe(false);
    expect(verifyShopifyWebhook(body, undefined, 'secret')).toBe(false);
  });

  it('refuses a delivery without a valid shop domain or webhook id with 400', async () => {
    for (const headers of [
      { 'x-shopify-shop-domain': undefined },
      { 'x-shopify-shop-domain': 'evil.example' },
      { 'x-shopify-webhook-id': '  ' },
      { 'x-shopify-webhook-id': undefined },
    ]) {
      const res = await deliver({ id: 1 }, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Missing shop domain or webhook id');
    }
    expect(handled).toEqual([]);
  });

  it('refuses another topic, a malformed body and a payload naming another shop', async () => {
    const topic = await deliver({ id: 1 }, { 'x-shopify-topic': 'orders/create' });
    expect(topic.statusCode).toBe(400);
    expect(topic.json().message).toBe(
      'Topic orders/create is not served at /webhooks/things/update',
    );
    const broken = await deliver('{"id": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('Malformed JSON body');
    const invalid = await deliver({ id: 'one' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().issues).toEqual([{ path: 'id', message: expect.any(String) }]);
    const nul = await deliver({ id: 1, shop: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    const other = await deliver({ id: 1, shop: 'other-store.myshopify.com' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('The payload names another shop than X-Shopify-Shop-Domain');
    expect((await deliver({ id: 2, shop: ' DEMO-STORE.myshopify.com ' })).statusCode).toBe(200);
    expect(handled.map((h) => h.payload)).toEqual([{ id: 2, shop: ' DEMO-STORE.myshopify.com ' }]);
  });

  it('refuses a delivery triggered longer ago than Shopify retries, and takes a future time as now, an unreadable one not at all', async () => {
    const old = new Date(clock.now().getTime() - WEBHOOK_MAX_AGE_MS - 1000).toISOString();
    const stale = await deliver({ id: 1 }, { 'x-shopify-triggered-at': old });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(
      'The webhook was triggered too long ago: a replay is refused',
    );
    const edge = new Date(clock.now().getTime() - WEBHOOK_MAX_AGE_MS).toISOString();
    expect((await deliver({ id: 2 }, { 'x-shopify-triggered-at': edge })).statusCode).toBe(200);
    const future = new Date(clock.now().getTime() + 3_600_000).toISOString();
    expect((await deliver({ id: 3 }, { 'x-shopify-triggered-at': future })).statusCode).toBe(200);
    // Shopify always sends the time: an unreadable or missing one is refused, never taken as now.
    expect((await deliver({ id: 4 }, { 'x-shopify-triggered-at': 'yesterday' })).statusCode).toBe(
      400,
    );
    expect(handled.map((h) => h.triggeredAt.getTime())).toEqual([
      Date.parse(edge),
      clock.now().getTime(),
    ]);
  });
});
