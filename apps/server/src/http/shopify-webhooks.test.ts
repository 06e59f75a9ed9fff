import { defineRoute, webhookAnswerSchema } from '@popstage/core/contract';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, queryRows } from '../db/client';
import { webhookDeliveries } from '../db/schema';
import type { AppDeps } from '../deps';
import { signShopifyWebhook } from '../platform/shopify/webhook-hmac';
import { createTestClock } from '../test/clock';
import { createTestDatabase } from '../test/database';
import { installErrorHandling } from './errors';
import { shopifyWebhookRoutes, WEBHOOK_MAX_AGE_MS } from './shopify-webhooks';
import { MALFORMED_TEXT } from './text-guard';

/**
 * The webhook route's rules, attacked directly on a bare Fastify with only what the route reads
 * (the app secret, a clock, the database): forged and replayed deliveries, headers that disagree
 * with the body, the duplicate check per shop and topic, and a topic served from its contract.
 * The app's own stack is covered by reliability/webhook-verification.test.ts; this file is the
 * one mutation testing runs (it starts in about a second).
 */
const SECRET = 'webhook-test-secret';
const SHOP = 'demo-store.myshopify.com';
const OTHER = 'other-store.myshopify.com';
const clock = createTestClock(new Date('2026-06-01T12:00:00Z'));
let database: Database;
let app: FastifyInstance;
let handled: {
  topic: string;
  shopDomain: string;
  webhookId: string;
  triggeredAt: Date;
  payload: unknown;
}[];
/** What the route left on the request (the feed cache reads it), per answered request. */
let feedUnchanged: boolean[];
/** Set to make the next handling fail (Shopify retries a 500). */
let failNext = false;
const routeConfigs = new Map<string, unknown>();

const thingContract = defineRoute({
  method: 'POST',
  path: '/webhooks/contracted/thing',
  body: z.object({ id: z.number().int(), same: z.boolean().optional() }),
  response: webhookAnswerSchema(z.object({ echoed: z.number().int() })),
  summary: 'a contracted topic',
});

beforeAll(async () => {
  database = await createTestDatabase();
  const deps = { config: { SHOPIFY_API_SECRET: SECRET }, clock, database } as unknown as AppDeps;
  const server = Fastify().withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.decorate('deps', deps);
  server.decorateRequest('feedUnchanged', false);
  installErrorHandling(server);
  server.addHook('onRoute', (route) => {
    routeConfigs.set(route.url, route.config);
  });
  server.addHook('onSend', async (request, _reply, payload) => {
    feedUnchanged.push(request.feedUnchanged);
    return payload;
  });
  await server.register(
    shopifyWebhookRoutes({
      topic: 'things/update',
      payload: z.object({
        id: z.number().int(),
        shop: z.string().optional(),
        nested: z.object({ count: z.number() }).optional(),
      }),
      payloadShop: (payload) => payload.shop,
      leavesFeed: (answer) => answer?.thing === 0,
      handle: async (_deps, delivery) => {
        if (failNext) {
          failNext = false;
          throw new Error('the handler failed');
        }
        handled.push({ topic: 'things/update', ...delivery });
        return { thing: delivery.payload.id };
      },
    }),
  );
  await server.register(
    shopifyWebhookRoutes({
      topic: 'things/delete',
      payload: z.object({ id: z.number().int() }),
      handle: async (_deps, delivery) => {
        handled.push({ topic: 'things/delete', ...delivery });
        return undefined;
      },
    }),
  );
  await server.register(
    shopifyWebhookRoutes({
      contract: thingContract,
      leavesFeed: (answer) => answer.echoed === 0,
      handle: async (_deps, delivery) => {
        handled.push({ topic: 'contracted/thing', ...delivery });
        // An id of 13 answers what the contract refuses: the answer is checked against it.
        return { echoed: delivery.payload.id === 13 ? 'thirteen' : delivery.payload.id } as {
          echoed: number;
        };
      },
    }),
  );
  await server.ready();
  app = server;
});
beforeEach(async () => {
  await database.db.delete(webhookDeliveries);
  handled = [];
  feedUnchanged = [];
  failNext = false;
  clock.set(new Date('2026-06-01T12:00:00Z'));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

let nextId = 1;
function deliver(
  body: string | object | undefined,
  headers: Record<string, string | undefined> = {},
  url = '/webhooks/things/update',
) {
  const raw =
    body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const all: Record<string, string | undefined> = {
    'content-type': raw === undefined ? undefined : 'application/json',
    'x-shopify-hmac-sha256': signShopifyWebhook(Buffer.from(raw ?? ''), SECRET),
    'x-shopify-shop-domain': SHOP,
    'x-shopify-webhook-id': `hook-${nextId++}`,
    'x-shopify-topic': url.slice('/webhooks/'.length),
    'x-shopify-triggered-at': clock.now().toISOString(),
    ...headers,
  };
  return app.inject({
    method: 'POST',
    url,
    headers: Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >,
    ...(raw === undefined ? {} : { payload: raw }),
  });
}

const recorded = async () =>
  queryRows<{ shop: string; topic: string; id: string }>(
    database.db,
    sql`select shop_domain as shop, topic, webhook_id as id from webhook_deliveries order by shop_domain, topic, webhook_id`,
  );

describe('the signature', () => {
  it('is checked on the exact bytes with the app secret before anything else', async () => {
    const body = JSON.stringify({ id: 1 });
    const forged = [
      undefined,
      '',
      signShopifyWebhook(Buffer.from(body), 'another-secret'),
      signShopifyWebhook(Buffer.from(`${body} `), SECRET),
      `${signShopifyWebhook(Buffer.from(body), SECRET)}AAAA`,
    ];
    for (const hmac of forged) {
      // Every other header is wrong too: the signature is what is answered first.
      const res = await deliver(body, {
        'x-shopify-hmac-sha256': hmac,
        'x-shopify-shop-domain': 'evil.example',
        'x-shopify-triggered-at': 'never',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Unauthorized', message: 'Invalid webhook signature' });
    }
    expect(handled).toEqual([]);
    expect(await recorded()).toEqual([]);
  });

  it('refuses a request without a body as unsigned, not as a failure', async () => {
    const res = await deliver(undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid webhook signature');
  });
});

describe('the headers', () => {
  it('hands the handler the shop and id as trimmed, the shop lower-cased', async () => {
    const res = await deliver(
      { id: 7 },
      {
        'x-shopify-shop-domain': '  Demo-Store.MyShopify.com ',
        'x-shopify-webhook-id': '  hook-trimmed  ',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, duplicate: false, thing: 7 });
    expect(handled).toEqual([
      {
        topic: 'things/update',
        shopDomain: SHOP,
        webhookId: 'hook-trimmed',
        triggeredAt: clock.now(),
        payload: { id: 7 },
        log: expect.objectContaining({ info: expect.any(Function) }),
      },
    ]);
    expect(await recorded()).toContainEqual({
      shop: SHOP,
      topic: 'things/update',
      id: 'hook-trimmed',
    });
  });

  it('refuses a missing or invalid shop domain, and a missing or blank webhook id', async () => {
    for (const headers of [
      { 'x-shopify-shop-domain': undefined },
      { 'x-shopify-shop-domain': '' },
      { 'x-shopify-shop-domain': 'evil.example' },
      { 'x-shopify-shop-domain': 'demo-store.myshopify.com.evil.example' },
      { 'x-shopify-webhook-id': undefined },
      { 'x-shopify-webhook-id': '' },
      { 'x-shopify-webhook-id': '   ' },
    ]) {
      const res = await deliver({ id: 1 }, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'Bad Request',
        message: 'Missing shop domain or webhook id',
      });
    }
    expect(handled).toEqual([]);
  });

  it('refuses a topic header naming another topic; no topic header is accepted', async () => {
    const other = await deliver({ id: 1 }, { 'x-shopify-topic': 'things/delete' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(
      'Topic things/delete is not served at /webhooks/things/update',
    );
    const none = await deliver({ id: 2 }, { 'x-shopify-topic': undefined });
    expect(none.statusCode, none.body).toBe(200);
    expect(handled.map((h) => h.payload)).toEqual([{ id: 2 }]);
  });
});

describe('the body', () => {
  it('refuses malformed JSON, a body its schema refuses (with the issue path) and unclean text', async () => {
    const broken = await deliver('{"id": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'Bad Request', message: 'Malformed JSON body' });

    const invalid = await deliver({ id: 1, nested: { count: 'many' } });
    expect(invalid.statusCode).toBe(400);
    const answer = invalid.json();
    expect(answer.issues).toEqual([{ path: 'nested.count', message: expect.any(String) }]);
    expect(answer.message).toBe(answer.issues[0].message);
    expect(answer.message).not.toBe('Invalid webhook payload');

    for (const shop of ['demo\u0000store', '\uD800']) {
      const unclean = await deliver({ id: 1, shop });
      expect(unclean.statusCode).toBe(400);
      expect(unclean.json().message).toBe(MALFORMED_TEXT);
    }
    expect(handled).toEqual([]);
    expect(await recorded()).toEqual([]);
  });

  it('refuses a payload naming another shop than the header (the HMAC does not cover headers)', async () => {
    const other = await deliver({ id: 1, shop: OTHER });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('The payload names another shop than X-Shopify-Shop-Domain');
    // The same shop written differently is the same shop; a payload naming none is fine.
    expect((await deliver({ id: 2, shop: ` ${SHOP.toUpperCase()} ` })).statusCode).toBe(200);
    expect((await deliver({ id: 3 })).statusCode).toBe(200);
    expect(handled.map((h) => (h.payload as { id: number }).id)).toEqual([2, 3]);
  });
});

describe('the delivery time', () => {
  it('accepts a delivery exactly as old as Shopify retries, refuses one a millisecond older', async () => {
    const edge = new Date(clock.now().getTime() - WEBHOOK_MAX_AGE_MS);
    const ok = await deliver({ id: 1 }, { 'x-shopify-triggered-at': edge.toISOString() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(handled.map((h) => h.triggeredAt)).toEqual([edge]);

    const older = new Date(edge.getTime() - 1).toISOString();
    const stale = await deliver({ id: 2 }, { 'x-shopify-triggered-at': older });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(
      'The webhook was triggered too long ago: a replay is refused',
    );
    expect(WEBHOOK_MAX_AGE_MS).toBe(5 * 3_600_000);
  });

  it('takes a future time as now, and refuses a missing, blank or unreadable one', async () => {
    const future = new Date(clock.now().getTime() + 3_600_000).toISOString();
    expect((await deliver({ id: 1 }, { 'x-shopify-triggered-at': future })).statusCode).toBe(200);
    expect(handled.map((h) => h.triggeredAt)).toEqual([clock.now()]);
    const spaced = new Date(clock.now().getTime() - 60_000);
    expect(
      (await deliver({ id: 2 }, { 'x-shopify-triggered-at': ` ${spaced.toISOString()} ` }))
        .statusCode,
    ).toBe(200);
    expect(handled.at(-1)?.triggeredAt).toEqual(spaced);
    for (const at of [undefined, '', '   ', 'yesterday', '0000-13-45']) {
      const res = await deliver({ id: 3 }, { 'x-shopify-triggered-at': at });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Missing or unreadable X-Shopify-Triggered-At: the delivery age cannot be checked',
      );
    }
    expect(handled).toHaveLength(2);
  });
});

describe('one handling per webhook id', () => {
  it('acknowledges a repeated id without work; the id is per shop and per topic', async () => {
    const first = await deliver({ id: 1 }, { 'x-shopify-webhook-id': 'repeated' });
    expect(first.json()).toEqual({ ok: true, duplicate: false, thing: 1 });
    const again = await deliver({ id: 1 }, { 'x-shopify-webhook-id': 'repeated' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true, duplicate: true });
    // Another shop's delivery under the same id is its own; so is another topic's.
    const otherShop = await deliver(
      { id: 2 },
      { 'x-shopify-webhook-id': 'repeated', 'x-shopify-shop-domain': OTHER },
    );
    expect(otherShop.json()).toEqual({ ok: true, duplicate: false, thing: 2 });
    const otherTopic = await deliver(
      { id: 3 },
      { 'x-shopify-webhook-id': 'repeated' },
      '/webhooks/things/delete',
    );
    expect(otherTopic.json()).toEqual({ ok: true, duplicate: false });
    expect(handled.map((h) => [h.topic, h.shopDomain, h.webhookId])).toEqual([
      ['things/update', SHOP, 'repeated'],
      ['things/update', OTHER, 'repeated'],
      ['things/delete', SHOP, 'repeated'],
    ]);
    expect((await recorded()).filter((row) => row.id === 'repeated')).toEqual([
      { shop: SHOP, topic: 'things/delete', id: 'repeated' },
      { shop: SHOP, topic: 'things/update', id: 'repeated' },
      { shop: OTHER, topic: 'things/update', id: 'repeated' },
    ]);
  });

  it('records nothing when the handler fails, so Shopify’s retry is handled', async () => {
    failNext = true;
    const failed = await deliver({ id: 1 }, { 'x-shopify-webhook-id': 'retried' });
    expect(failed.statusCode).toBe(500);
    expect((await recorded()).some((row) => row.id === 'retried')).toBe(false);
    const retry = await deliver({ id: 1 }, { 'x-shopify-webhook-id': 'retried' });
    expect(retry.json()).toEqual({ ok: true, duplicate: false, thing: 1 });
    expect(handled).toHaveLength(1);
  });

  it('answers both of two simultaneous deliveries of one id (the handler is idempotent)', async () => {
    const answers = await Promise.all([
      deliver({ id: 5 }, { 'x-shopify-webhook-id': 'together' }),
      deliver({ id: 5 }, { 'x-shopify-webhook-id': 'together' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect((await recorded()).filter((row) => row.id === 'together')).toHaveLength(1);
  });
});

describe('the feed cache hint', () => {
  it('is set only when the topic says its answer leaves the feed as it was', async () => {
    const answers = [
      await deliver({ id: 0 }),
      await deliver({ id: 4 }),
      // A topic without the hint: every accepted delivery drops the feed.
      await deliver({ id: 0 }, {}, '/webhooks/things/delete'),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(feedUnchanged).toEqual([true, false, false]);
  });
});

describe('a topic given by its contract', () => {
  it('is served at the contract’s path, with the contract on the route', async () => {
    const res = await deliver({ id: 9 }, {}, '/webhooks/contracted/thing');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, duplicate: false, echoed: 9 });
    // The contract rides on the route's config (the route list and docs read it there).
    const config = routeConfigs.get('/webhooks/contracted/thing') as { contract?: unknown };
    expect(config?.contract).toBe(thingContract);
    const refused = await deliver(
      { id: 9 },
      { 'x-shopify-topic': 'things/update' },
      '/webhooks/contracted/thing',
    );
    expect(refused.json().message).toBe(
      'Topic things/update is not served at /webhooks/contracted/thing',
    );
  });

  it('has its answers checked against the contract', async () => {
    const res = await deliver({ id: 13 }, {}, '/webhooks/contracted/thing');
    expect(res.statusCode).toBe(500);
    const body = await deliver({ id: 'nine' }, {}, '/webhooks/contracted/thing');
    expect(body.statusCode).toBe(400);
    expect(body.json().issues).toEqual([{ path: 'id', message: expect.any(String) }]);
  });

  it('passes the leaves-feed hint through', async () => {
    expect((await deliver({ id: 0 }, {}, '/webhooks/contracted/thing')).statusCode).toBe(200);
    expect((await deliver({ id: 1 }, {}, '/webhooks/contracted/thing')).statusCode).toBe(200);
    expect(feedUnchanged).toEqual([true, false]);
  });
});
