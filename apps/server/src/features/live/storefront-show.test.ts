import { STOREFRONT_LIVE_CACHE_SECONDS } from '@popstage/core/storefront';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { productSnapshots } from '../../db/schema';
import { type LivePlatform, LivePlatformError, type LiveShow } from '../../platform/live/port';
import { sellerPayload, verifyPhone } from '../../test/account';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { chargedBy, insertActiveSubscription } from '../../test/billing';
import { ensureShop } from '../shop';
import { SCHEDULED_GRACE_MS, showForShoppers } from './storefront-show';

const NOW = new Date('2026-11-25T10:00:00Z');
const SELLER = 'seller-a';
const LIVE_URL = (shop: string) => `/storefront/v1/shops/${shop}/live`;

/** The live platform as a port double: the shows a test sets, or a failure. */
const platform = {
  shows: [] as LiveShow[],
  failing: false,
  asked: [] as string[],
};
const fakeLive: LivePlatform = {
  kind: 'http',
  createSeller: async () => ({ sellerId: SELLER, dashboardUrl: 'https://live.example/studio' }),
  scheduleShow: async () => {
    throw new LivePlatformError('not used here');
  },
  listShows: async (sellerId) => {
    platform.asked.push(sellerId);
    if (platform.failing) throw new LivePlatformError('down');
    return platform.shows;
  },
  getShow: async () => {
    throw new LivePlatformError('not used here');
  },
  deleteSeller: async () => {
    throw new LivePlatformError('not used here');
  },
  openReplay: async () => {
    throw new LivePlatformError('not used here');
  },
};

function show(id: string, over: Partial<LiveShow> = {}): LiveShow {
  return {
    id,
    title: `Show ${id}`,
    startsAt: '2026-11-25T09:00:00.000Z',
    status: 'scheduled',
    productIds: [],
    startedAt: null,
    endedAt: null,
    replay: null,
    playback: null,
    ...over,
  };
}
const playback = (id: string, hls: string | null, mp4: string | null = null) => ({
  publicApi: `https://app.example/live-service/v1/public/shows/${id}`,
  hls,
  mp4,
  lowLatency: false,
});

let t: TestApp;
let productIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { live: fakeLive });
  t.clock.set(NOW);
  const shop = await ensureShop(t.deps, SHOP_A);
  await ensureShop(t.deps, SHOP_B);
  await insertActiveSubscription(t.deps.database.db, {
    shopId: shop.id,
    addonIds: ['addon-popclips-free-2025', 'addon-live-basic'],
    ...chargedBy('gid://shopify/AppSubscription/1', '0.00'),
    activatedAt: NOW,
  });
  const verification = await verifyPhone(t, SHOP_A, '+15553339002');
  const created = await t.asShop(
    SHOP_A,
    'POST',
    '/api/shopify/shop/psl-account',
    sellerPayload(SHOP_A, verification),
  );
  expect(created.statusCode, created.body).toBe(200);
  productIds = (await t.deps.platform.listProducts(SHOP_A, { first: 3 })).nodes.map((p) => p.id);
  expect(productIds).toHaveLength(3);
});
afterAll(() => t.close());
beforeEach(() => {
  platform.shows = [];
  platform.failing = false;
  platform.asked = [];
  vi.restoreAllMocks();
});

const get = (shop: string, origin?: string) =>
  t.app.inject({ method: 'GET', url: LIVE_URL(shop), headers: origin ? { origin } : {} });

describe('GET /storefront/v1/shops/:shop/live', () => {
  it('answers 404 JSON for an unknown shop, without asking the live platform', async () => {
    const res = await get('nobody.myshopify.com');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Shop not found' });
    expect(platform.asked).toEqual([]);
  });

  it('gives no show to a shop without live selling on its plan', async () => {
    platform.shows = [show('x', { status: 'live', playback: playback('x', 'https://m/x.m3u8') })];
    const res = await get(SHOP_B);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ show: null, products: [] });
    expect(platform.asked).toEqual([]);
  });

  it('plays the show live now, with its playback and its products in the show’s order', async () => {
    const [p1, p2, p3] = productIds as [string, string, string];
    platform.shows = [
      show('next', { startsAt: '2026-11-26T18:00:00.000Z' }),
      show('now', {
        status: 'live',
        startedAt: '2026-11-25T09:58:00.000Z',
        productIds: [p3, p1, 'gid://shopify/Product/999999999'],
        playback: playback('now', 'https://media.example/now/live.m3u8'),
      }),
      show('old', {
        status: 'ended',
        endedAt: '2026-11-20T10:00:00.000Z',
        replay: { durationSeconds: 60, expiresAt: '2027-02-20T10:00:00.000Z' },
        playback: playback('old', 'https://media.example/old/replay.m3u8'),
        productIds: [p2],
      }),
    ];
    const res = await get(SHOP_A, `https://${SHOP_A}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe(`public, max-age=${STOREFRONT_LIVE_CACHE_SECONDS}`);
    expect(res.headers['access-control-allow-origin']).toBe(`https://${SHOP_A}`);
    const body = res.json();
    expect(body.show).toEqual({
      id: 'now',
      title: 'Show now',
      status: 'live',
      startsAt: '2026-11-25T09:00:00.000Z',
      publicApi: 'https://app.example/live-service/v1/public/shows/now',
      hls: 'https://media.example/now/live.m3u8',
      mp4: null,
      lowLatency: false,
    });
    expect(platform.asked).toEqual([SELLER]);
    // The unknown product is left out; the others keep the show's order and can be bought.
    expect(body.products.map((p: { id: string }) => p.id)).toEqual([p3, p1]);
    for (const product of body.products) {
      expect(product.variantId).toMatch(/^gid:\/\/shopify\/ProductVariant\//);
      expect(product.available).toBe(true);
      expect(Number(product.price)).toBeGreaterThan(0);
    }
  });

  it('refuses other origins the CORS header', async () => {
    const res = await get(SHOP_A, 'https://evil.example');
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('remembers the show’s products in the snapshot, so later shoppers do not wait on Shopify', async () => {
    const [p1] = productIds as [string];
    platform.shows = [show('now', { status: 'live', productIds: [p1] })];
    const db = t.deps.database.db;
    await db.delete(productSnapshots).where(and(eq(productSnapshots.productId, p1)));
    const spy = vi.spyOn(t.deps.platform, 'getProducts');
    expect((await get(SHOP_A)).json().products).toHaveLength(1);
    expect(spy).toHaveBeenCalledTimes(1);
    const rows = await db.select().from(productSnapshots).where(eq(productSnapshots.productId, p1));
    expect(rows).toHaveLength(1);
    expect((await get(SHOP_A)).json().products).toHaveLength(1);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('falls back to the next scheduled show, then to the newest replay with something to play', async () => {
    const later = show('later', { startsAt: '2026-11-28T18:00:00.000Z' });
    const sooner = show('sooner', { startsAt: '2026-11-26T18:00:00.000Z' });
    const forgotten = show('forgotten', { startsAt: '2026-11-20T18:00:00.000Z' });
    const replay = (id: string, endedAt: string, media: boolean) =>
      show(id, {
        status: 'ended',
        endedAt,
        replay: { durationSeconds: 60, expiresAt: '2027-02-20T10:00:00.000Z' },
        playback: media ? playback(id, null, `https://media.example/${id}.mp4`) : null,
      });
    const older = replay('older', '2026-11-10T10:00:00.000Z', true);
    const newer = replay('newer', '2026-11-21T10:00:00.000Z', true);
    const empty = replay('empty', '2026-11-24T10:00:00.000Z', false);

    platform.shows = [later, forgotten, older, sooner, newer, empty];
    const scheduled = (await get(SHOP_A)).json().show;
    expect(scheduled).toMatchObject({ id: 'sooner', status: 'scheduled', publicApi: null });

    platform.shows = [forgotten, older, newer, empty];
    const ended = (await get(SHOP_A)).json().show;
    expect(ended).toMatchObject({
      id: 'newer',
      status: 'ended',
      mp4: 'https://media.example/newer.mp4',
    });

    platform.shows = [forgotten, empty];
    expect((await get(SHOP_A)).json()).toEqual({ show: null, products: [] });
  });

  it('answers 502 JSON when the live platform cannot be reached', async () => {
    platform.failing = true;
    const res = await get(SHOP_A);
    expect(res.statusCode).toBe(502);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().message).toBe('The live show could not be loaded. Please try again.');
  });
});

describe('showForShoppers', () => {
  it('keeps a late scheduled show within the grace, not after it', () => {
    const late = show('late', {
      startsAt: new Date(NOW.getTime() - SCHEDULED_GRACE_MS + 1000).toISOString(),
    });
    expect(showForShoppers([late], NOW)?.id).toBe('late');
    const gone = show('gone', {
      startsAt: new Date(NOW.getTime() - SCHEDULED_GRACE_MS - 1000).toISOString(),
    });
    expect(showForShoppers([gone], NOW)).toBeNull();
  });
});
