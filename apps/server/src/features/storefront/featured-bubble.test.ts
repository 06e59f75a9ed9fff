import { DEFAULT_PLAYER_POSITION } from '@popstage/core/placement';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ShopRow } from '../../db/schema';
import { call, createTestApp, SHOP_A, type TestApp } from '../../test/app';
import { insertProcessedClip, updatePopclip } from '../../test/popclips';
import { ensureShop } from '../shop';

const APP_URL = 'https://popstage.example';
/** Not a real MP4: the loop route serves whatever bytes the clip's loop key holds. */
const LOOP_BYTES = Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 251));

let t: TestApp;
let shop: ShopRow;

const sandbox = () => {
  if (!t.deps.sandbox) throw new Error('sandbox store expected');
  return t.deps.sandbox;
};

/** The featured_bubble app-data metafield as the local Shopify keeps it (what Liquid reads). */
async function bubbleMetafield(): Promise<{ type: string; value: unknown } | null> {
  const found = (await sandbox().appDataMetafields(SHOP_A)).find(
    (m) => m.namespace === 'popstage' && m.key === 'featured_bubble',
  );
  return found ? { type: found.type, value: JSON.parse(found.value) } : null;
}

async function clipWithLoop(id: string, processedAt: Date, options: { isPrivate?: boolean } = {}) {
  const row = await insertProcessedClip(t.deps.database.db, {
    shopId: shop.id,
    id,
    at: processedAt,
    shopDomain: SHOP_A,
    ...options,
  });
  const loopKey = `shops/${shop.id}/clips/${id}/loop.mp4`;
  await t.deps.media.putObject(loopKey, LOOP_BYTES, { contentType: 'video/mp4' });
  await updatePopclip(t.deps.database.db, row.id, { loopKey, processedAt });
  return { loopKey, version: processedAt.getTime().toString(36) };
}

const feature = async (id: string | null) => {
  const answer = await call(t, SHOP_A, 'POST', '/api/shopify/shop/featured-popclip', {
    popclip_id: id,
  });
  expect(answer.statusCode).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp({ APP_URL });
  shop = await ensureShop(t.deps, SHOP_A);
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => t.close());

describe('the featured_bubble app-data metafield', () => {
  it('is set through the local Shopify when the merchant features a clip, and follows the feature', async () => {
    const first = await clipWithLoop('bubble-1', new Date('2026-11-01T10:00:00Z'));
    const second = await clipWithLoop('bubble-2', new Date('2026-11-02T10:00:00Z'));
    expect(await bubbleMetafield()).toBeNull();

    await feature('bubble-1');
    await t.runJobs();
    // Only the local Shopify's Admin API (metafieldsSet on the app's installation) writes these.
    expect(await bubbleMetafield()).toEqual({
      type: 'json',
      value: {
        clip: 'bubble-1',
        title: 'Clip bubble-1',
        loop: `/storefront/v1/shops/${SHOP_A}/clips/bubble-1/loop?v=${first.version}`,
        // Local media is served by the app itself (APP_URL/media).
        media_origin: APP_URL,
        positions: DEFAULT_PLAYER_POSITION,
      },
    });

    await feature('bubble-2');
    await t.runJobs();
    expect(await bubbleMetafield()).toMatchObject({
      value: {
        clip: 'bubble-2',
        loop: expect.stringContaining(`bubble-2/loop?v=${second.version}`),
      },
    });

    // No featured clip: nothing to draw, and the embed draws nothing.
    await feature(null);
    await t.runJobs();
    expect(await bubbleMetafield()).toEqual({ type: 'json', value: {} });
  });

  it('is read before it is written: a sync that finds it current writes nothing', async () => {
    await clipWithLoop('bubble-3', new Date('2026-11-03T10:00:00Z'));
    await feature('bubble-3');
    await t.runJobs();
    expect(await bubbleMetafield()).toMatchObject({ value: { clip: 'bubble-3' } });

    const write = vi.spyOn(t.deps.platform, 'setAppDataMetafields');
    const read = vi.spyOn(t.deps.platform, 'appDataMetafield');
    // An app load queues a check (after a reinstall Shopify has deleted the metafield).
    const load = await t.app.inject({
      method: 'GET',
      url: '/api/shopify/shop',
      headers: await t.auth(SHOP_A),
    });
    expect(load.statusCode).toBe(200);
    await t.runJobs();
    expect(read).toHaveBeenCalledWith(SHOP_A, 'popstage', 'featured_bubble');
    expect(write).not.toHaveBeenCalled();
  });

  it("follows the featured clip's title, and its deletion", async () => {
    await clipWithLoop('bubble-6', new Date('2026-11-04T12:00:00Z'));
    await feature('bubble-6');
    await t.runJobs();
    const [product] = (await sandbox().listProducts(SHOP_A, { first: 1 })).nodes;
    if (!product) throw new Error('the demo store has products');
    const edit = await call(t, SHOP_A, 'POST', '/api/media/csUpdateMedia', {
      id: SHOP_A,
      metaIdentifier: 'bubble-6',
      metaData: {
        videoTitle: 'Renamed',
        products: [
          {
            shopifyProductId: product.id,
            shopifyProductHandle: product.handle,
            shopifyProductUrl: `https://${SHOP_A}/products/${product.handle}`,
            defaultImage: null,
          },
        ],
        featured: true,
        display: ['WEB_PDP'],
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await t.runJobs();
    expect(await bubbleMetafield()).toMatchObject({
      value: { clip: 'bubble-6', title: 'Renamed' },
    });

    const removed = await call(t, SHOP_A, 'POST', '/api/media/csDeleteMedia', {
      id: SHOP_A,
      metaIdentifier: 'bubble-6',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await t.runJobs();
    expect(await bubbleMetafield()).toEqual({ type: 'json', value: {} });
  });

  it('draws nothing while a holdout test runs (the player decides who sees anything)', async () => {
    await clipWithLoop('bubble-4', new Date('2026-11-04T10:00:00Z'));
    await feature('bubble-4');
    await t.runJobs();
    expect(await bubbleMetafield()).toMatchObject({ value: { clip: 'bubble-4' } });

    const holdout = async (percent: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/analytics/holdout',
        headers: await t.auth(SHOP_A),
        payload: { percent },
      });
    expect((await holdout(10)).statusCode).toBe(200);
    await t.runJobs();
    expect(await bubbleMetafield()).toEqual({ type: 'json', value: {} });

    expect((await holdout(0)).statusCode).toBe(200);
    await t.runJobs();
    expect(await bubbleMetafield()).toMatchObject({ value: { clip: 'bubble-4' } });
  });

  it('is built by the app embed in the head: the loop asked for as the head is parsed', async () => {
    const { version } = await clipWithLoop('bubble-5', new Date('2026-11-05T10:00:00Z'));
    await feature('bubble-5');
    await t.runJobs();
    const embed = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${SHOP_A}/embed`,
      payload: { enabled: true },
    });
    expect(embed.statusCode).toBe(200);

    const page = await t.app.inject({ method: 'GET', url: `/sandbox/store/${SHOP_A}` });
    expect(page.statusCode).toBe(200);
    const loopUrl = `${APP_URL}/storefront/v1/shops/${SHOP_A}/clips/bubble-5/loop?v=${version}`;
    // The head embed's script builds the bubble as the head is parsed (before the body).
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    const script = head.match(/<script\s+id="popstage-bubble-script"([^>]*)>/)?.[1] ?? '';
    expect(script).toContain('data-clip="bubble-5"');
    expect(script).toContain(`data-loop="${loopUrl.replaceAll('&', '&amp;')}"`);
    expect(head).toContain("bubble.id = 'popstage-bubble'");
  });
});

describe('the loop at its stable URL', () => {
  const loopUrl = (id: string, version?: string) =>
    `/storefront/v1/shops/${SHOP_A}/clips/${id}/loop${version ? `?v=${version}` : ''}`;

  it('serves the bytes (not a redirect), cached for a year under its version', async () => {
    const { version } = await clipWithLoop('loop-1', new Date('2026-11-06T10:00:00Z'));
    const answer = await t.app.inject({ method: 'GET', url: loopUrl('loop-1', version) });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('video/mp4');
    expect(answer.headers['accept-ranges']).toBe('bytes');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(answer.rawPayload.equals(LOOP_BYTES)).toBe(true);

    // Another version (or none) may name another file later: a minute only.
    const stale = await t.app.inject({ method: 'GET', url: loopUrl('loop-1', 'old') });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('public, max-age=60');
  });

  it('answers byte ranges with 206 (Safari plays only from servers that do)', async () => {
    const { version } = await clipWithLoop('loop-2', new Date('2026-11-07T10:00:00Z'));
    const part = await t.app.inject({
      method: 'GET',
      url: loopUrl('loop-2', version),
      headers: { range: 'bytes=0-1' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-1/${LOOP_BYTES.length}`);
    expect(part.rawPayload.equals(LOOP_BYTES.subarray(0, 2))).toBe(true);

    const rest = await t.app.inject({
      method: 'GET',
      url: loopUrl('loop-2', version),
      headers: { range: 'bytes=3900-' },
    });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 3900-3999/${LOOP_BYTES.length}`);
    expect(rest.rawPayload.equals(LOOP_BYTES.subarray(3900))).toBe(true);

    const beyond = await t.app.inject({
      method: 'GET',
      url: loopUrl('loop-2', version),
      headers: { range: 'bytes=5000-' },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${LOOP_BYTES.length}`);
  });

  it("serves only a served shop's processed, public clips", async () => {
    await clipWithLoop('loop-private', new Date('2026-11-08T10:00:00Z'), { isPrivate: true });
    for (const url of [
      loopUrl('loop-private'),
      loopUrl('no-such-clip'),
      `/storefront/v1/shops/nowhere.myshopify.com/clips/loop-1/loop`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
