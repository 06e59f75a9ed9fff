import { productKey } from '@popstage/core/storefront';
import { sandboxCollectionProducts, sandboxProducts } from '@popstage/shopify-sandbox/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectionSnapshots, productSnapshots, type ShopRow } from '../../db/schema';
import type { PlatformProduct } from '../../platform/port';
import { call, createTestApp, SHOP_A, type TestApp } from '../../test/app';
import { insertProcessedClip, subscribe } from '../../test/popclips';
import { postWebhook, productUpdatedPayload } from '../../test/webhooks';
import { queueProductClipCounts } from '../popclips';
import { ensureShop } from '../shop';

/**
 * The storefront's product snapshot (issue 13 point 5): the feed answers from it and asks Shopify
 * nothing; clip tagging, carousel publishing, products/update, products/delete and the recount
 * job keep it in step with the store.
 */
const FEED = `/storefront/v1/shops/${SHOP_A}/feed`;

let t: TestApp;
let shop: ShopRow;
let inside: PlatformProduct;
let outside: PlatformProduct;
let collectionId: string;
let collectionNumber: number;
let carouselId: string;

const feed = async () => {
  t.app.storefrontFeeds.invalidate();
  const res = await t.app.inject({ url: FEED });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    clips: { id: string; products: { id: string; title: string }[] }[];
    carousels: { title: string; clipIds: string[] }[];
  };
};

const productsOf = async (clipId: string) =>
  (await feed()).clips.find((clip) => clip.id === clipId)?.products ?? [];

/** Every method of the platform port, spied: what a request asked of Shopify. */
function spyPlatform() {
  const platform = t.deps.platform as unknown as Record<string, unknown>;
  const spies = Object.keys(platform)
    .filter((name) => typeof platform[name] === 'function')
    .map((name) => ({ name, spy: vi.spyOn(platform as Record<string, () => unknown>, name) }));
  return {
    calls: () => spies.flatMap(({ name, spy }) => spy.mock.calls.map(() => name)),
    restore: () => {
      for (const { spy } of spies) spy.mockRestore();
    },
  };
}

const snapshotRow = async (productId: string) => {
  const [row] = await t.deps.database.db
    .select()
    .from(productSnapshots)
    .where(and(eq(productSnapshots.shopId, shop.id), eq(productSnapshots.productId, productId)));
  return row;
};

const rename = (product: PlatformProduct, title: string) =>
  t.deps.database.db
    .update(sandboxProducts)
    .set({ title })
    .where(
      and(
        eq(sandboxProducts.shopDomain, SHOP_A),
        eq(sandboxProducts.id, Number(productKey(product.id))),
      ),
    );

beforeAll(async () => {
  t = await createTestApp({ STOREFRONT_FEED_CACHE_SECONDS: '0' });
  shop = await ensureShop(t.deps, SHOP_A);
  await subscribe(t, SHOP_A, 'addon-popclips-premium');
  const products = (await t.deps.platform.listProducts(SHOP_A, { first: 50 })).nodes.filter(
    (p) => p.status === 'ACTIVE' && p.variants.some((v) => v.availableForSale),
  );
  // A collection holding some of these products and not others.
  for (const collection of (await t.deps.platform.listCollections(SHOP_A, { first: 20 })).nodes) {
    const members = new Set(
      await t.deps.platform.productsInCollection(
        SHOP_A,
        collection.id,
        products.map((p) => p.id),
      ),
    );
    const first = products.find((p) => members.has(p.id));
    const second = products.find((p) => !members.has(p.id));
    if (first && second) {
      [inside, outside, collectionId] = [first, second, collection.id];
      break;
    }
  }
  if (!collectionId) throw new Error('no demo collection holds some products and not others');
  collectionNumber = Number(productKey(collectionId));
  await insertProcessedClip(t.deps.database.db, {
    shopId: shop.id,
    shopDomain: SHOP_A,
    id: 'in-collection',
    at: t.clock.now(),
    products: [inside],
  });
  await insertProcessedClip(t.deps.database.db, {
    shopId: shop.id,
    shopDomain: SHOP_A,
    id: 'elsewhere',
    at: t.clock.now(),
    products: [outside],
  });
  const created = await call(t, SHOP_A, 'POST', '/api/popclips/carousels', {
    customer_id: SHOP_A,
    carousel_title: 'From the collection',
    carousel_type: 'collection',
    carousel_type_ids: [collectionId],
    is_published: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  carouselId = created.json().data.carousel_id;
});
afterAll(() => t.close());

describe('the storefront product snapshot', () => {
  it('answers the feed and its collection carousel without asking Shopify', async () => {
    const spy = spyPlatform();
    try {
      const answer = await feed();
      expect(
        Object.fromEntries(answer.clips.map((clip) => [clip.id, clip.products.map((p) => p.id)])),
      ).toEqual({ 'in-collection': [inside.id], elsewhere: [outside.id] });
      expect(answer.carousels).toEqual([
        expect.objectContaining({ title: 'From the collection', clipIds: ['in-collection'] }),
      ]);
      expect(spy.calls()).toEqual([]);
    } finally {
      spy.restore();
    }
  });

  it('keeps what it copied until Shopify says the product changed (products/update)', async () => {
    await rename(inside, 'Renamed in Shopify');
    expect((await productsOf('in-collection'))[0]?.title).toBe(inside.title);

    const [stored] = (await t.deps.sandbox?.getProducts(SHOP_A, [inside.id])) ?? [];
    if (!stored) throw new Error('the product is gone');
    const res = await postWebhook(
      t,
      'products/update',
      productUpdatedPayload(stored, t.clock.now()),
      {
        shop: SHOP_A,
      },
    );
    expect(res.json()).toMatchObject({ outcome: 'queued' });
    expect((await productsOf('in-collection'))[0]?.title).toBe('Renamed in Shopify');
  });

  it('follows a product leaving the collection on its products/update', async () => {
    await t.deps.database.db
      .delete(sandboxCollectionProducts)
      .where(
        and(
          eq(sandboxCollectionProducts.collectionId, collectionNumber),
          eq(sandboxCollectionProducts.productId, Number(productKey(inside.id))),
        ),
      );
    const [stored] = (await t.deps.sandbox?.getProducts(SHOP_A, [inside.id])) ?? [];
    if (!stored) throw new Error('the product is gone');
    await postWebhook(t, 'products/update', productUpdatedPayload(stored, t.clock.now()), {
      shop: SHOP_A,
    });
    expect((await feed()).carousels[0]?.clipIds).toEqual([]);

    // Back in the collection without a webhook: the shop's recount job copies everything again.
    await t.deps.database.db.insert(sandboxCollectionProducts).values({
      collectionId: collectionNumber,
      productId: Number(productKey(inside.id)),
      shopDomain: SHOP_A,
    });
    await queueProductClipCounts(t.deps, shop.id);
    expect(await t.runJobs()).toBe(1);
    expect((await feed()).carousels[0]?.clipIds).toEqual(['in-collection']);
  });

  it('tombstones a deleted product (products/delete) and drops rows nothing tags', async () => {
    await t.deps.database.db
      .delete(sandboxProducts)
      .where(
        and(
          eq(sandboxProducts.shopDomain, SHOP_A),
          eq(sandboxProducts.id, Number(productKey(outside.id))),
        ),
      );
    const res = await postWebhook(
      t,
      'products/delete',
      { id: Number(productKey(outside.id)) },
      { shop: SHOP_A },
    );
    expect(res.json()).toMatchObject({ outcome: 'queued' });
    expect((await snapshotRow(outside.id))?.product).toBeNull();
    expect(await productsOf('elsewhere')).toEqual([]);

    // A row for a product no clip tags (left by a refused upload) goes on the next recount.
    await t.deps.database.db.insert(productSnapshots).values({
      shopId: shop.id,
      productId: 'gid://shopify/Product/999999',
      product: null,
      refreshedAt: t.clock.now(),
    });
    await t.deps.database.db.insert(collectionSnapshots).values({
      shopId: shop.id,
      collectionId: 'gid://shopify/Collection/1',
      productIds: [],
      refreshedAt: t.clock.now(),
    });
    await queueProductClipCounts(t.deps, shop.id);
    await t.runJobs();
    expect(await snapshotRow('gid://shopify/Product/999999')).toBeUndefined();
    const followed = await t.deps.database.db
      .select({ id: collectionSnapshots.collectionId })
      .from(collectionSnapshots)
      .where(eq(collectionSnapshots.shopId, shop.id));
    expect(followed.map((row) => row.id)).toEqual([collectionId]);
    // Shopify still has no such product: the recount keeps the tombstone.
    expect((await snapshotRow(outside.id))?.product).toBeNull();
  });

  it('takes the products a new clip tags from the store at once', async () => {
    const [product] = (await t.deps.platform.listProducts(SHOP_A, { first: 30 })).nodes.filter(
      (p) => p.id !== inside.id && p.id !== outside.id,
    );
    if (!product) throw new Error('the demo store lacks products');
    const res = await call(t, SHOP_A, 'POST', '/api/media/csUpload', {
      fileName: 'tagged.mp4',
      fileMeta: { type: 'video/mp4', size: 1000 },
      metaData: {
        videoTitle: 'Tagged',
        products: [
          {
            shopifyProductId: product.id,
            shopifyProductHandle: product.handle,
            shopifyProductUrl: `https://${SHOP_A}/products/${product.handle}`,
            defaultImage: null,
          },
        ],
        featured: false,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await snapshotRow(product.id))?.product).toMatchObject({
      id: product.id,
      title: product.title,
    });
  });

  it("shows a collection carousel's Popclips in the order the form previews and saves", async () => {
    const later = (seconds: number) => new Date(t.clock.now().getTime() + seconds * 1000);
    for (const [id, seconds] of [
      ['in-collection-2', 10],
      ['in-collection-3', 20],
    ] as const) {
      await insertProcessedClip(t.deps.database.db, {
        shopId: shop.id,
        shopDomain: SHOP_A,
        id,
        at: later(seconds),
        products: [inside],
      });
    }
    const clipIdsInFeed = async () =>
      (await feed()).carousels.find((c) => c.title === 'From the collection')?.clipIds;
    // No stored order: newest first, as the form's preview lists them (the preview also lists
    // the previous test's clip, still processing: the storefront shows it once processed).
    const preview = await call(
      t,
      SHOP_A,
      'GET',
      `/api/popclips/carousels/collection-clips?collectionId=${encodeURIComponent(collectionId)}`,
    );
    const shown = ['in-collection-3', 'in-collection-2', 'in-collection'];
    expect(preview.json().data.slice(0, 2)).toEqual(shown.slice(0, 2));
    expect(preview.json().data).toContain('in-collection');
    expect(await clipIdsInFeed()).toEqual(shown);

    // The merchant's order, saved by the form: the feed follows it, new Popclips after.
    const saved = await call(t, SHOP_A, 'PUT', '/api/popclips/carousels', {
      carousel_id: carouselId,
      customer_id: SHOP_A,
      carousel_title: 'From the collection',
      carousel_type: 'collection',
      carousel_type_ids: [collectionId],
      sorted_popclips_ids: ['in-collection', 'in-collection-3'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await clipIdsInFeed()).toEqual(['in-collection', 'in-collection-3', 'in-collection-2']);
  });
});
