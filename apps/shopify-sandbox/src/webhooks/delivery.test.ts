import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAppConfig } from '../app-config';
import { sandboxShops } from '../store/schema';
import { createTestStoreDb, type TestStoreDb } from '../store/test-database';
import { createWebhooks, RETRY_DELAYS_SECONDS, signWebhook } from './delivery';

/** A real HTTP endpoint standing in for the app: records requests, answers a settable status. */
let server: Server;
let url: string;
let status = 200;
const received: { path: string; headers: IncomingMessage['headers']; body: string }[] = [];
let store: TestStoreDb;
let now = new Date('2026-11-25T12:00:00Z');

beforeAll(async () => {
  store = await createTestStoreDb();
  // The store order webhooks come from: the app has protected customer data access there.
  await store.db.insert(sandboxShops).values({
    domain: 'demo.myshopify.com',
    name: 'Demo',
    ownerName: 'Owner',
    email: 'owner@demo.example.com',
    currency: 'USD',
    createdAt: now,
  });
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      response.statusCode = status;
      response.end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await store.close();
});

const SECRET = 'a-test-secret-of-some-length';
const webhooks = () =>
  createWebhooks(
    store.db,
    {
      url,
      uris: readAppConfig().webhooks.uris,
      secret: SECRET,
      apiVersion: '2026-10',
      fetch,
    },
    () => now,
  );

describe('webhooks over HTTP', () => {
  it("posts to the topic's URI from shopify.app.toml with Shopify's headers and HMAC", async () => {
    status = 200;
    const delivery = await webhooks().send('orders/create', 'demo.myshopify.com', { id: 1 });
    expect(delivery).toMatchObject({
      topic: 'orders/create',
      statusCode: 200,
      nextAttemptAt: null,
    });
    const request = received.at(-1);
    expect(request?.path).toBe('/webhooks/orders/create');
    expect(request?.body).toBe('{"id":1}');
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-shop-domain': 'demo.myshopify.com',
      'x-shopify-api-version': '2026-10',
      'x-shopify-webhook-id': delivery?.webhookId,
      'x-shopify-hmac-sha256': signWebhook('{"id":1}', SECRET),
      'x-shopify-triggered-at': now.toISOString(),
    });
  });

  it('sends no order webhook where the app lacks protected customer data access', async () => {
    const count = received.length;
    expect(await webhooks().send('orders/create', 'other.myshopify.com', { id: 3 })).toBeNull();
    await store.db
      .update(sandboxShops)
      .set({ protectedCustomerData: false })
      .where(eq(sandboxShops.domain, 'demo.myshopify.com'));
    expect(await webhooks().send('orders/create', 'demo.myshopify.com', { id: 4 })).toBeNull();
    // Compliance and product topics still go.
    expect(await webhooks().send('customers/redact', 'demo.myshopify.com', {})).not.toBeNull();
    expect(received).toHaveLength(count + 1);
    await store.db
      .update(sandboxShops)
      .set({ protectedCustomerData: true })
      .where(eq(sandboxShops.domain, 'demo.myshopify.com'));
  });

  it('sends compliance topics too, and nothing for a topic the app does not subscribe to', async () => {
    const count = received.length;
    expect(await webhooks().send('shop/redact', 'demo.myshopify.com', {})).toMatchObject({
      statusCode: 200,
    });
    expect(received.at(-1)?.path).toBe('/webhooks/shop/redact');
    expect(await webhooks().send('carts/update', 'demo.myshopify.com', {})).toBeNull();
    expect(received).toHaveLength(count + 1);
  });

  it('retries a refused delivery on the backoff schedule, then gives up', async () => {
    status = 500;
    const hooks = webhooks();
    const first = await hooks.send('products/update', 'other.myshopify.com', { id: 2 });
    expect(first?.nextAttemptAt?.getTime()).toBe(now.getTime() + RETRY_DELAYS_SECONDS[0] * 1000);
    expect(RETRY_DELAYS_SECONDS.reduce((sum, s) => sum + s, 0)).toBe(4 * 3600);
    for (const delay of RETRY_DELAYS_SECONDS) {
      expect(await hooks.retryDue()).toBe(0);
      now = new Date(now.getTime() + delay * 1000);
      expect(await hooks.retryDue()).toBe(1);
    }
    // Every attempt of the one event carries its webhook id and its event id (an app dedupes by
    // the event id); the two differ.
    const attempts = received.slice(-9);
    const ids = new Set(attempts.map((r) => r.headers['x-shopify-webhook-id']));
    const events = new Set(attempts.map((r) => r.headers['x-shopify-event-id']));
    expect([ids.size, events.size]).toEqual([1, 1]);
    expect([...events][0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect([...events][0]).not.toBe([...ids][0]);
    const [entry] = await hooks.recent('other.myshopify.com');
    expect(entry).toMatchObject({
      attempts: 9,
      lastStatus: 500,
      nextAttemptAt: null,
      deliveredAt: null,
    });
  });

  it('counts an app that does not answer as a failure to retry', async () => {
    const hooks = createWebhooks(
      store.db,
      {
        url: 'http://127.0.0.1:1',
        uris: readAppConfig().webhooks.uris,
        secret: SECRET,
        apiVersion: '2026-10',
        fetch,
      },
      () => now,
    );
    const delivery = await hooks.send('app/uninstalled', 'demo.myshopify.com', {});
    expect(delivery?.statusCode).toBeNull();
    expect(delivery?.nextAttemptAt).not.toBeNull();
  });
});

describe("the app's configuration", () => {
  it('reads the scopes and every subscription of shopify.app.toml', () => {
    const config = readAppConfig();
    expect(config.scopes).toContain('read_orders');
    expect(config.webhooks.apiVersion).toBe('2026-10');
    expect([...config.webhooks.uris.keys()].sort()).toEqual([
      'app/scopes_update',
      'app/uninstalled',
      'app_subscriptions/update',
      'customers/data_request',
      'customers/redact',
      'domains/create',
      'domains/destroy',
      'domains/update',
      'orders/create',
      'products/delete',
      'products/update',
      'shop/redact',
      'shop/update',
    ]);
  });
});
