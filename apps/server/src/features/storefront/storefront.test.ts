import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { carousels, type PopclipRow, popclips, type ShopRow } from '../../db/schema';
import type { PlatformProduct } from '../../platform/port';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { insertProcessedClip, subscribe } from '../../test/popclips';
import { signedVisitor } from '../../test/visitor';
import { ensureShop, updateShop } from '../shop';

let t: TestApp;
let shopA: ShopRow;
let shopB: ShopRow;
let active: PlatformProduct;
let draft: PlatformProduct;
let soldOut: PlatformProduct | undefined;
const base = `/storefront/v1/shops/${SHOP_A}`;

async function clip(
  shop: ShopRow,
  id: string,
  status: PopclipRow['status'],
  products: PlatformProduct[],
) {
  return insertProcessedClip(t.deps.database.db, {
    shopId: shop.id,
    shopDomain: SHOP_A,
    id,
    at: t.clock.now(),
    status,
    products,
    previewKey: `shops/${shop.id}/clips/${id}/preview.gif`,
  });
}

const events = (visitorId: string, list: object[], shop = SHOP_A) =>
  t.app.inject({
    method: 'POST',
    url: `/storefront/v1/shops/${shop}/events`,
    payload: { visitorId: signedVisitor(shop, visitorId), events: list },
  });
const view = (clipId: string) => ({ type: 'view', clipId });

beforeAll(async () => {
  t = await createTestApp({ STOREFRONT_RATE_LIMIT: '1000' });
  shopA = await ensureShop(t.deps, SHOP_A);
  shopB = await ensureShop(t.deps, SHOP_B);
  const all = (await t.deps.platform.listProducts(SHOP_A, { first: 50 })).nodes;
  const found = all.find(
    (p) => p.status === 'ACTIVE' && p.variants.some((v) => v.availableForSale),
  );
  const foundDraft = all.find((p) => p.status === 'DRAFT');
  if (!found || !foundDraft) throw new Error('sandbox store lacks active or draft products');
  active = found;
  draft = foundDraft;
  soldOut = all.find((p) => p.status === 'ACTIVE' && p.variants.every((v) => !v.availableForSale));
  await clip(shopA, 'a-processed', 'processed', [active, draft, ...(soldOut ? [soldOut] : [])]);
  await clip(shopA, 'a-second', 'processed', [active]);
  await clip(shopA, 'a-processing', 'processing', [active]);
  await clip(shopB, 'b-processed', 'processed', []);
  const now = t.clock.now();
  await t.deps.database.db.insert(carousels).values([
    {
      shopId: shopA.id,
      title: 'Published',
      type: 'custom',
      typeIds: ['a-second', 'a-processed', 'a-processing'],
      sortedPopclipsIds: ['a-second', 'a-processed', 'a-processing'],
      isPublished: true,
      createdAt: now,
      updatedAt: now,
    },
    {
      id: '0b0b0b0b-0000-4000-8000-00000000000b',
      shopId: shopA.id,
      title: 'Draft carousel',
      type: 'custom',
      typeIds: ['a-second'],
      sortedPopclipsIds: ['a-second'],
      isPublished: false,
      createdAt: now,
      updatedAt: now,
    },
  ]);
});
afterAll(() => t.close());

describe('storefront feed', () => {
  it('serves processed clips, published carousels and live products, with caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${base}/feed` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const feed = res.json();
    expect(feed.shop).toEqual({ domain: SHOP_A, currency: shopA.currency });
    expect(feed.clips.map((c: { id: string }) => c.id).sort()).toEqual(['a-processed', 'a-second']);
    expect(feed.carousels).toEqual([
      { id: expect.any(String), title: 'Published', clipIds: ['a-second', 'a-processed'] },
    ]);
    const first = feed.clips.find((c: { id: string }) => c.id === 'a-processed');
    expect(first.products.map((p: { id: string }) => p.id)).toEqual([active.id]);
    expect(first.products[0]).toMatchObject({ available: true, handle: active.handle });
    expect(first.videoUrl).toContain('playable.mp4');
    // The clip's preview is an animated GIF: never sent to shoppers, who get the poster.
    expect(first.previewUrl).toBeNull();
    expect(first.posterUrl).toBeTruthy();
    // VideoObject's uploadDate: the clip's creation time.
    const [stored] = await t.deps.database.db
      .select({ createdAt: popclips.createdAt })
      .from(popclips)
      .where(eq(popclips.metaIdentifier, 'a-processed'));
    expect(first.uploadedAt).toBe(stored?.createdAt.toISOString());
    // Free level: views and likes hidden, watermark on, default positions.
    expect(feed.settings).toMatchObject({ showViews: false, showLikes: false, watermark: true });
    expect(first.views).toBeUndefined();
    expect(feed.positions.featured.mobile).toEqual({ xAxis: 0, yAxis: 75 });

    const again = await t.app.inject({
      method: 'GET',
      url: `${base}/feed`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows views and likes when the plan and settings allow, and changes the ETag', async () => {
    const before = await t.app.inject({ method: 'GET', url: `${base}/feed` });
    await subscribe(t, SHOP_A, 'addon-popclips-premium');
    const after = await t.app.inject({
      method: 'GET',
      url: `${base}/feed`,
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    const feed = after.json();
    expect(feed.settings).toMatchObject({ showViews: true, showLikes: true, watermark: false });
    expect(feed.clips[0]).toMatchObject({ views: 0, likes: 0 });
    const settings = await call(t, SHOP_A, 'POST', '/api/shopify/shop/popclips/settings', {
      hidePopClipsOnPDP: false,
      showViewsOnPopClips: false,
      showLikesOnPopClips: true,
      enableShopFeaturesBuyBtn: true,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const hidden = (await t.app.inject({ method: 'GET', url: `${base}/feed` })).json();
    expect(hidden.settings).toMatchObject({ showViews: false, showLikes: true, buyButton: true });
    expect(hidden.clips[0].views).toBeUndefined();
  });

  it('serves a published carousel in order, 404 otherwise; CORS only for the shop', async () => {
    const [published] = await queryRows<{ id: string }>(
      t.deps.database.db,
      sql`select id from carousels where title = 'Published'`,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `${base}/carousels/${published?.id}`,
      headers: { origin: `https://${SHOP_A}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(`https://${SHOP_A}`);
    expect(res.json().clips.map((c: { id: string }) => c.id)).toEqual(['a-second', 'a-processed']);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${base}/carousels/${published?.id}`,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const unpublished = await t.app.inject({
      method: 'GET',
      url: `${base}/carousels/0b0b0b0b-0000-4000-8000-00000000000b`,
    });
    expect(unpublished.statusCode).toBe(404);
    const otherShop = await t.app.inject({
      method: 'GET',
      url: `/storefront/v1/shops/${SHOP_B}/carousels/${published?.id}`,
    });
    expect(otherShop.statusCode).toBe(404);
  });

  it('answers 503 for widget.js until the widget is built, and 404 for unknown shops', async () => {
    const widget = await t.app.inject({ method: 'GET', url: '/storefront/v1/widget.js' });
    expect(widget.statusCode).toBe(503);
    expect(widget.json().message).toBe('Widget not built');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/storefront/v1/shops/nobody.myshopify.com/feed',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('storefront events', () => {
  it('rejects malformed, oversized and too many events', async () => {
    expect((await events('v1', [])).statusCode).toBe(400);
    expect((await events('v1', [{ type: 'dance', clipId: 'a-second' }])).statusCode).toBe(400);
    const tooMany = Array.from({ length: 51 }, () => view('a-second'));
    expect((await events('v1', tooMany)).statusCode).toBe(400);
    const big = await t.app.inject({
      method: 'POST',
      url: `${base}/events`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        visitorId: signedVisitor(SHOP_A, 'v1'),
        events: [view('a'.repeat(17_000))],
      }),
    });
    expect(big.statusCode).toBe(413);
  });

  it("drops other shops' and unknown clip ids", async () => {
    const res = await events('v-drop', [view('b-processed'), view('nope'), view('a-second')]);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 1, deduped: 0, rejected: 2 });
    const rows = await queryRows<{ n: number }>(
      t.deps.database.db,
      sql`select count(*)::int as n from storefront_events where clip_id = 'b-processed'`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('counts a view once per visitor and clip within 30 minutes', async () => {
    const first = await events('v-dedupe', [view('a-processed'), view('a-processed')]);
    expect(first.json()).toEqual({ accepted: 1, deduped: 1, rejected: 0 });
    t.clock.advance(29 * 60_000);
    expect((await events('v-dedupe', [view('a-processed')])).json()).toMatchObject({
      accepted: 0,
      deduped: 1,
    });
    t.clock.advance(2 * 60_000);
    expect((await events('v-dedupe', [view('a-processed')])).json()).toMatchObject({
      accepted: 1,
      deduped: 0,
    });
    const views = await call(t, SHOP_A, 'POST', '/api/popclips/views/fetch', {
      customer_id: SHOP_A,
      clip_ids: ['a-processed', 'unknown'],
    });
    expect(views.json()).toEqual({
      data: [
        { clip_id: 'a-processed', clip_total_views: 2 },
        { clip_id: 'unknown', clip_total_views: 0 },
      ],
    });
    const list = await call(t, SHOP_A, 'POST', '/api/media/listMediabyID', {
      id: SHOP_A,
      pageSize: 14,
      fileCategory: 'shopifyClips',
    });
    const listed = list
      .json()
      .data.find((c: { metaIdentifier: string }) => c.metaIdentifier === 'a-processed');
    expect(listed.clipViews).toBe(2);
  });

  it('likes and unlikes idempotently', async () => {
    const like = { type: 'like', clipId: 'a-second' };
    await events('v-like', [like, like]);
    await events('v-like', [like]);
    await events('v-like2', [like]);
    const liked = await t.app.inject({
      method: 'GET',
      url: `${base}/likes?visitorId=${signedVisitor(SHOP_A, 'v-like')}`,
    });
    expect(liked.json()).toEqual({ likedClipIds: ['a-second'] });
    const fetchLikes = () =>
      call(t, SHOP_A, 'POST', '/api/popclips/likes/fetch', {
        customer_id: SHOP_A,
        clip_ids: ['a-second'],
        user_id: 'u',
      });
    expect((await fetchLikes()).json().data).toEqual([{ clip_id: 'a-second', likes: 2 }]);
    await events('v-like', [{ type: 'unlike', clipId: 'a-second' }]);
    await events('v-like', [{ type: 'unlike', clipId: 'a-second' }]);
    expect((await fetchLikes()).json().data).toEqual([{ clip_id: 'a-second', likes: 1 }]);
    const forbidden = await call(t, SHOP_A, 'POST', '/api/popclips/likes/fetch', {
      customer_id: SHOP_B,
      clip_ids: ['a-second'],
    });
    expect(forbidden.statusCode).toBe(403);
    const views = await call(t, SHOP_A, 'POST', '/api/popclips/views/fetch', {
      customer_id: SHOP_B,
      clip_ids: ['a-second'],
    });
    expect(views.statusCode).toBe(403);
  });

  it('stores nothing for a deactivated shop', async () => {
    await updateShop(t.deps.database.db, SHOP_B, { featureFlags: { deactivate_shop: true } });
    const res = await events('v-b', [view('b-processed')], SHOP_B);
    expect(res.statusCode).toBe(404);
    const feed = await t.app.inject({ method: 'GET', url: `/storefront/v1/shops/${SHOP_B}/feed` });
    expect(feed.statusCode).toBe(404);
    const rows = await queryRows<{ n: number }>(
      t.deps.database.db,
      sql`select count(*)::int as n from storefront_events where shop_id = ${shopB.id}`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('storefront rate limit', () => {
  it('answers 429 past the per-IP limit', async () => {
    const limited = await createTestApp({ STOREFRONT_RATE_LIMIT: '5' });
    try {
      await ensureShop(limited.deps, SHOP_A);
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        codes.push(
          (
            await limited.app.inject({
              method: 'GET',
              url: `${base}/likes?visitorId=${signedVisitor(SHOP_A, 'x')}`,
            })
          ).statusCode,
        );
      }
      expect(codes.slice(0, 5).every((code) => code === 200)).toBe(true);
      expect(codes.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('visitor ids', () => {
  const issue = (app = t.app, shop = SHOP_A) =>
    app.inject({ method: 'POST', url: `/storefront/v1/shops/${shop}/visitors` });
  const storedFor = async (visitor: string) =>
    (
      await queryRows<{ n: number }>(
        t.deps.database.db,
        sql`select count(*)::int as n from storefront_events where visitor_id = ${visitor}`,
      )
    )[0]?.n;

  it('are issued signed for the shop, and events are stored under the visitor', async () => {
    const issued = await issue();
    expect(issued.statusCode).toBe(201);
    expect(issued.headers['cache-control']).toBe('no-store');
    const { visitorId } = issued.json<{ visitorId: string }>();
    expect(visitorId).toMatch(/^[\w-]{22}\.[\w-]{22}$/);
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/events`,
      payload: { visitorId, events: [view('a-processed')] },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ accepted: 1 });
    expect(await storedFor(visitorId.slice(0, visitorId.indexOf('.')))).toBe(1);
  });

  it("refuse an invented id, a forged signature and another shop's id, storing nothing", async () => {
    const forged = `invented.${'A'.repeat(22)}`;
    for (const [visitorId, status] of [
      ['invented-visitor', 400],
      [forged, 403],
      [signedVisitor(SHOP_B, 'b-visitor'), 403],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${base}/events`,
        payload: { visitorId, events: [view('a-processed')] },
      });
      expect(res.statusCode, visitorId).toBe(status);
      expect(res.json().message).toBe('Unknown visitor');
      const likes = await t.app.inject({
        method: 'GET',
        url: `${base}/likes?visitorId=${encodeURIComponent(visitorId)}`,
      });
      expect(likes.statusCode).toBe(status);
    }
    expect(await storedFor('invented')).toBe(0);
    expect(await storedFor('invented-visitor')).toBe(0);
  });

  it('are issued at most STOREFRONT_VISITORS_PER_ADDRESS an hour to one address', async () => {
    const limited = await createTestApp({ STOREFRONT_VISITORS_PER_ADDRESS: '3' });
    try {
      await ensureShop(limited.deps, SHOP_A);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await issue(limited.app)).statusCode);
      expect(codes).toEqual([201, 201, 201, 429]);
    } finally {
      await limited.close();
    }
  });

  it('are not issued for an unknown shop', async () => {
    expect((await issue(t.app, 'nowhere.myshopify.com')).statusCode).toBe(404);
  });
});
