import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { carousels, type ShopRow } from '../../db/schema';
import type { PlatformProduct } from '../../platform/port';
import { call, createTestApp, createTestClock, SHOP_A, type TestApp } from '../../test/app';
import { insertProcessedClip } from '../../test/popclips';
import { signedVisitor } from '../../test/visitor';
import { ensureShop, updateShop } from '../shop';
import { createFeedCache, type FeedAnswer, shopWrittenBy } from './feed-cache';

const FEED = `/storefront/v1/shops/${SHOP_A}/feed`;
const TTL_SECONDS = 5;

let t: TestApp;
let shop: ShopRow;
let product: PlatformProduct;

const feed = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: FEED, headers });
const clipIds = async () =>
  ((await feed()).json() as { clips: { id: string }[] }).clips.map((clip) => clip.id);

async function addClip(id: string, app = t, owner = shop) {
  const at = app.clock.now();
  app.clock.advance(1000);
  await insertProcessedClip(app.deps.database.db, {
    shopId: owner.id,
    shopDomain: SHOP_A,
    id,
    at,
    products: [product],
  });
}

/**
 * Feed loads, counted by their one signing of clip cache-1's video (the products come from the
 * snapshot: a load calls no platform method to count by).
 */
const loads = (app = t, clipId = 'cache-1') => {
  const spy = vi.spyOn(app.deps.media, 'createSignedDownloadUrl');
  return {
    count: () =>
      spy.mock.calls.filter(([key]) => key.endsWith(`/clips/${clipId}/playable.mp4`)).length,
    mockRestore: () => spy.mockRestore(),
  };
};

beforeAll(async () => {
  t = await createTestApp({
    STOREFRONT_RATE_LIMIT: '10000',
    STOREFRONT_FEED_CACHE_SECONDS: String(TTL_SECONDS),
  });
  shop = await ensureShop(t.deps, SHOP_A);
  // The admin's first load writes the shop row (app_url metafield); later ones do not.
  expect((await call(t, SHOP_A, 'GET', '/api/shopify/shop')).statusCode).toBe(200);
  const all = (await t.deps.platform.listProducts(SHOP_A, { first: 50 })).nodes;
  const found = all.find(
    (p) => p.status === 'ACTIVE' && p.variants.some((v) => v.availableForSale),
  );
  if (!found) throw new Error('the sandbox store has no active product in stock');
  product = found;
  await addClip('cache-1');
});
afterAll(() => t.close());

describe('storefront feed cache', () => {
  it('answers repeated requests from one load: same body, same ETag, 304 on a match', async () => {
    t.app.storefrontFeeds.invalidate();
    const spy = loads();
    try {
      const first = await feed();
      const second = await feed();
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(second.body).toBe(first.body);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.headers['cache-control']).toBe('public, max-age=60');
      const notModified = await feed({ 'if-none-match': String(first.headers.etag) });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');
      expect(spy.count()).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('sends the cached answer in brotli or gzip as the client accepts, from one load', async () => {
    t.app.storefrontFeeds.invalidate();
    const spy = loads();
    try {
      const plain = await feed();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
        ['br;q=0, gzip', 'gzip', gunzipSync],
      ] as const) {
        const first = await feed({ 'accept-encoding': accept });
        const second = await feed({ 'accept-encoding': accept });
        expect(first.statusCode).toBe(200);
        expect(first.headers['content-encoding']).toBe(encoding);
        expect(String(first.headers.vary)).toMatch(/origin.*accept-encoding/i);
        expect(first.headers.etag).toBe(plain.headers.etag);
        expect(first.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        expect(decode(first.rawPayload).toString('utf8')).toBe(plain.body);
        expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      }
      expect(spy.count()).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('loads again after the TTL: a change no request names shows within it', async () => {
    expect(await clipIds()).toEqual(['cache-1']);
    // Written straight to the database (as the worker finishing a clip would): not seen yet.
    await addClip('cache-2');
    t.clock.advance((TTL_SECONDS - 1) * 1000);
    expect(await clipIds()).toEqual(['cache-1']);
    t.clock.advance(1001);
    expect(await clipIds()).toEqual(['cache-2', 'cache-1']);
  });

  it('drops the answer on an admin write for the shop: the change shows at once', async () => {
    const before = await feed();
    expect(before.json().settings.hidePopClipsOnPDP).toBe(false);
    const saved = await call(t, SHOP_A, 'POST', '/api/shopify/shop/popclips/settings', {
      hidePopClipsOnPDP: true,
      showViewsOnPopClips: false,
      showLikesOnPopClips: false,
      enableShopFeaturesBuyBtn: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await feed({ 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json().settings.hidePopClipsOnPDP).toBe(true);
  });

  it('loads again when the shop row changed (featured clip, positions), in any process', async () => {
    const before = (await feed()).json();
    expect(before.featured).toBeNull();
    // Straight to the database, as another process would: no invalidation here.
    await updateShop(t.deps.database.db, SHOP_A, { featuredPopclipId: 'cache-1' });
    expect((await feed()).json().featured?.id).toBe('cache-1');
  });

  it('does not drop it for reads, failed writes or the storefront calls', async () => {
    await feed();
    const spy = loads();
    try {
      await call(t, SHOP_A, 'GET', '/api/shopify/shop');
      const refused = await call(t, SHOP_A, 'POST', '/api/shopify/shop/popclips/settings', {});
      expect(refused.statusCode).toBe(400);
      await t.app.inject({
        method: 'POST',
        url: `/storefront/v1/shops/${SHOP_A}/events`,
        payload: {
          visitorId: signedVisitor(SHOP_A, 'v-cache'),
          events: [{ type: 'view', clipId: 'cache-1' }],
        },
      });
      await feed();
      expect(spy.count()).toBe(0);
      // A direct write to carousels is invisible until the TTL, whichever process made it.
      await t.deps.database.db.insert(carousels).values({
        shopId: shop.id,
        title: 'Late',
        type: 'custom',
        typeIds: ['cache-1'],
        sortedPopclipsIds: ['cache-1'],
        isPublished: true,
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      });
      expect((await feed()).json().carousels).toEqual([]);
      t.clock.advance(TTL_SECONDS * 1000 + 1);
      expect((await feed()).json().carousels).toEqual([
        { id: expect.any(String), title: 'Late', clipIds: ['cache-1'] },
      ]);
      expect(spy.count()).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('is off with STOREFRONT_FEED_CACHE_SECONDS=0: every request loads', async () => {
    const off = await createTestApp({ STOREFRONT_FEED_CACHE_SECONDS: '0' });
    try {
      await addClip('off-1', off, await ensureShop(off.deps, SHOP_A));
      const spy = loads(off, 'off-1');
      const getFeed = () => off.app.inject({ method: 'GET', url: FEED });
      const first = await getFeed();
      const second = await getFeed();
      expect(second.statusCode).toBe(200);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(spy.count()).toBe(2);
    } finally {
      await off.close();
    }
  });
});

describe('createFeedCache', () => {
  const row = (changes: Partial<ShopRow> = {}) =>
    ({ id: 'shop-1', shopifyDomain: 'one.myshopify.com', info: {}, ...changes }) as ShopRow;
  const answer = (n: number): FeedAnswer => ({ etag: `"${n}"`, body: Buffer.from(`{"n":${n}}`) });

  /** A load that waits until released, counting calls. */
  function gatedLoads() {
    let calls = 0;
    const gates: (() => void)[] = [];
    const load = () => {
      calls += 1;
      const n = calls;
      return new Promise<FeedAnswer>((resolve) => {
        gates.push(() => resolve(answer(n)));
      });
    };
    return { load, calls: () => calls, release: () => gates.shift()?.() };
  }

  it('shares one load between concurrent misses of a shop', async () => {
    const cache = createFeedCache({ seconds: 5, clock: createTestClock() });
    const { load, calls, release } = gatedLoads();
    const answers = Array.from({ length: 32 }, () => cache.get(row(), load));
    await Promise.resolve();
    expect(calls()).toBe(1);
    release();
    for (const got of await Promise.all(answers)) expect(got).toMatchObject(answer(1));
    expect(await cache.get(row(), load)).toMatchObject(answer(1));
    expect(calls()).toBe(1);
  });

  it('keeps shops apart', async () => {
    const cache = createFeedCache({ seconds: 5, clock: createTestClock() });
    const other = row({ id: 'shop-2', shopifyDomain: 'two.myshopify.com' });
    expect(await cache.get(row(), async () => answer(1))).toMatchObject(answer(1));
    expect(await cache.get(other, async () => answer(2))).toMatchObject(answer(2));
    expect(await cache.get(row(), async () => answer(3))).toMatchObject(answer(1));
    cache.invalidate('two.myshopify.com');
    expect(await cache.get(row(), async () => answer(4))).toMatchObject(answer(1));
    expect(await cache.get(other, async () => answer(5))).toMatchObject(answer(5));
    cache.invalidate();
    expect(await cache.get(row(), async () => answer(6))).toMatchObject(answer(6));
  });

  it('answers the callers of a load an invalidation overtook, without keeping it', async () => {
    const cache = createFeedCache({ seconds: 5, clock: createTestClock() });
    const { load, calls, release } = gatedLoads();
    const waiting = cache.get(row(), load);
    await Promise.resolve();
    cache.invalidate('one.myshopify.com');
    // Requests after the write do not join the load that started before it.
    const after = cache.get(row(), load);
    await Promise.resolve();
    expect(calls()).toBe(2);
    release();
    release();
    expect(await waiting).toMatchObject(answer(1));
    expect(await after).toMatchObject(answer(2));
    expect(await cache.get(row(), load)).toMatchObject(answer(2));
    expect(calls()).toBe(2);
  });

  it('loads again for another version of the shop row, and in the next ETag hour', async () => {
    const clock = createTestClock(new Date('2025-06-01T10:59:58Z'));
    const cache = createFeedCache({ seconds: 5, clock });
    expect(await cache.get(row(), async () => answer(1))).toMatchObject(answer(1));
    expect(await cache.get(row({ featuredPopclipId: 'x' }), async () => answer(2))).toMatchObject(
      answer(2),
    );
    clock.advance(1000);
    expect(await cache.get(row({ featuredPopclipId: 'x' }), async () => answer(3))).toMatchObject(
      answer(2),
    );
    clock.advance(2000);
    expect(await cache.get(row({ featuredPopclipId: 'x' }), async () => answer(4))).toMatchObject(
      answer(4),
    );
  });

  it('does not keep a failed load', async () => {
    const cache = createFeedCache({ seconds: 5, clock: createTestClock() });
    await expect(
      cache.get(row(), async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(await cache.get(row(), async () => answer(2))).toMatchObject(answer(2));
  });
});

describe('shopWrittenBy', () => {
  const request = (method: string, url: string, extra: Partial<FastifyRequest> = {}) =>
    ({ method, url, headers: {}, shopDomain: '', ...extra }) as FastifyRequest;

  it('names the shop of a successful admin or webhook write, every shop for the sandbox', () => {
    const admin = request('POST', '/api/carousels', { shopDomain: SHOP_A });
    expect(shopWrittenBy(admin, 200)).toBe(SHOP_A);
    expect(shopWrittenBy(admin, 403)).toBeNull();
    expect(shopWrittenBy(request('GET', '/api/shopify/shop', { shopDomain: SHOP_A }), 200)).toBe(
      null,
    );
    const webhook = request('POST', '/webhooks/app_subscriptions/update', {
      headers: { 'x-shopify-shop-domain': ' Demo-Store.myshopify.com ' },
    });
    expect(shopWrittenBy(webhook, 200)).toBe(SHOP_A);
    // A forged webhook answers 401 and drops nothing.
    expect(shopWrittenBy(webhook, 401)).toBeNull();
    // A delivery its handler found irrelevant to the feed (a product on none of its clips).
    expect(shopWrittenBy({ ...webhook, feedUnchanged: true } as FastifyRequest, 200)).toBeNull();
    expect(shopWrittenBy(request('POST', '/sandbox/api/shops/x/publish-products'), 200)).toBe('*');
    expect(shopWrittenBy(request('POST', `/storefront/v1/shops/${SHOP_A}/events`), 202)).toBe(null);
    expect(shopWrittenBy(request('PUT', '/media/shops/x/clip.mp4'), 200)).toBeNull();
    const analytics = request('PUT', '/ingest/appevents', { shopDomain: SHOP_A });
    expect(shopWrittenBy(analytics, 202)).toBeNull();
  });
});
