import type { DisplayTarget } from '@popstage/core/popclips';
import { productKey } from '@popstage/core/storefront';
import type { SandboxStore } from '@popstage/shopify-sandbox';
import {
  type PlatformProduct,
  type SandboxProductEdit,
  sandboxProducts,
} from '@popstage/shopify-sandbox/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { popclipProductCounts, type ShopRow } from '../../db/schema';
import { createTestApp, SHOP_A, type TestApp } from '../../test/app';
import { insertProcessedClip } from '../../test/popclips';
import { postWebhook, productUpdatedPayload } from '../../test/webhooks';
import { ensureShop } from '../shop';
import { PRODUCT_CLIP_COUNTS_JOB, queueProductClipCounts } from './clip-counts-queue';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const ALL_TARGETS: DisplayTarget[] = ['WEB_PDP', 'MOBILE_PDP', 'MOBILE_WEB_PDP'];

let t: TestApp;
let sandbox: SandboxStore;
let shop: ShopRow;
/** Tagged on the public clip: a and b; c only on a private clip; d on none. */
let a: PlatformProduct;
let b: PlatformProduct;
let c: PlatformProduct;
let d: PlatformProduct;

async function addClip(id: string, products: PlatformProduct[], isPrivate = false) {
  await insertProcessedClip(t.deps.database.db, {
    shopId: shop.id,
    shopDomain: SHOP_A,
    id,
    title: id,
    at: t.clock.now(),
    products,
    displayTargets: ALL_TARGETS,
    isPrivate,
    durationSeconds: 10,
  });
}

const counts = (products: PlatformProduct[]) =>
  Promise.all(products.map((p) => sandbox.productClipCount(SHOP_A, p.id)));
const queuedRecounts = () =>
  t.deps.queue.findJobs(PRODUCT_CLIP_COUNTS_JOB, { key: shop.id, queued: true });
const feedProducts = async () => {
  const feed = await t.app.inject({ url: `/storefront/v1/shops/${SHOP_A}/feed` });
  expect(feed.statusCode, feed.body).toBe(200);
  const clips = feed.json().clips as { products: { id: string }[] }[];
  return clips.flatMap((clip) => clip.products.map((p) => p.id));
};
/** products/update as Shopify sends it for the product as given. */
const productUpdated = (product: PlatformProduct, options: { shop?: string; hmac?: string } = {}) =>
  postWebhook(t, 'products/update', productUpdatedPayload(product, t.clock.now()), {
    shop: options.shop ?? SHOP_A,
    ...(options.hmac ? { hmac: options.hmac } : {}),
  });
/** The store's side of a merchant's edit alone: no request names the shop. */
async function editInStore(product: PlatformProduct, edit: SandboxProductEdit) {
  const edited = await sandbox.editProduct(SHOP_A, product.handle, edit);
  if (!edited) throw new Error(`${product.handle} is gone`);
  return edited;
}
const editInSandbox = (product: PlatformProduct, edit: string) =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox/api/shops/${SHOP_A}/products/${product.handle}/edit`,
    payload: { edit },
  });

beforeAll(async () => {
  t = await createTestApp();
  if (!t.deps.sandbox) throw new Error('the test app runs on the sandbox store');
  sandbox = t.deps.sandbox;
  shop = await ensureShop(t.deps, SHOP_A);
  const forSale = (await sandbox.listProducts(SHOP_A, { first: 250 })).nodes.filter(
    (p) => p.status === 'ACTIVE' && p.variants.some((v) => v.availableForSale),
  );
  const [first, second, third, fourth] = forSale;
  if (!first || !second || !third || !fourth) throw new Error('the demo store lacks products');
  [a, b, c, d] = [first, second, third, fourth];
  await addClip('tagged', [a, b]);
  await addClip('private', [c], true);
  await queueProductClipCounts(t.deps, shop.id);
  expect(await t.runJobs()).toBe(1);
  expect(await counts([a, b, c, d])).toEqual([1, 1, 0, 0]);
});
afterAll(() => t.close());

describe('products/update and products/delete webhooks', () => {
  it('recount when a tagged product sells out, and drop the cached feed', async () => {
    expect(await feedProducts()).toContain(a.id);
    const soldOut = await editInStore(a, 'sell_out');
    expect(soldOut.variants.every((v) => v.inventoryQuantity === 0 && !v.availableForSale)).toBe(
      true,
    );
    // No request named the shop yet: the cached feed still has it.
    expect(await feedProducts()).toContain(a.id);

    const response = await productUpdated(soldOut);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, duplicate: false, outcome: 'queued' });
    expect(await queuedRecounts()).toHaveLength(1);
    expect(await feedProducts()).not.toContain(a.id);

    expect(await t.runJobs()).toBe(1);
    expect(await counts([a, b])).toEqual([0, 1]);
  });

  it('follow restocks and status changes made on the /sandbox page (signed products/update)', async () => {
    const restocked = await editInSandbox(a, 'restock');
    expect(restocked.statusCode, restocked.body).toBe(200);
    expect(restocked.json()).toMatchObject({
      product: { id: a.id, handle: a.handle, status: 'ACTIVE', totalInventory: expect.any(Number) },
      delivery: { webhookId: expect.any(String), statusCode: 200 },
    });
    expect(restocked.json().product.totalInventory).toBeGreaterThan(0);
    expect(await t.runJobs()).toBe(1);
    expect(await counts([a, b])).toEqual([1, 1]);

    for (const [edit, count] of [
      ['draft', 0],
      ['activate', 1],
      ['archive', 0],
      ['activate', 1],
    ] as const) {
      expect((await editInSandbox(a, edit)).statusCode).toBe(200);
      expect(await t.runJobs(), edit).toBe(1);
      expect(await counts([a]), edit).toEqual([count]);
    }
  });

  it('has a form on the control page that comes back with a notice', async () => {
    const page = await t.app.inject({ url: '/sandbox' });
    expect(page.body).toContain(`action="/sandbox/shops/${SHOP_A}/product-edit"`);
    expect(page.body).toContain('<option value="sell_out">Mark sold out</option>');

    const form = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `/sandbox/shops/${SHOP_A}/product-edit`,
        headers: FORM,
        payload,
      });
    const soldOut = await form(`handle=${a.handle}&edit=sell_out`);
    expect(soldOut.statusCode).toBe(303);
    expect(soldOut.headers.location).toBe(`/sandbox?done=product#${SHOP_A}`);
    expect(await t.runJobs()).toBe(1);
    expect(await counts([a])).toEqual([0]);
    expect((await form(`handle=${a.handle.toUpperCase()}&edit=restock`)).statusCode).toBe(303);
    expect(await t.runJobs()).toBe(1);
    expect(await counts([a])).toEqual([1]);

    const unknown = await form('handle=no-such-product&edit=sell_out');
    expect(unknown.headers.location).toBe(`/sandbox?done=no_product#${SHOP_A}`);
    expect((await editInSandbox({ ...a, handle: 'no-such-product' }, 'sell_out')).statusCode).toBe(
      404,
    );
    expect((await form(`handle=${a.handle}&edit=delete`)).statusCode).toBe(400);
    expect(await t.runJobs()).toBe(0);
  });

  it('leave products on no shown clip alone: nothing queued, the cached feed kept', async () => {
    const edited = [await editInStore(c, 'sell_out'), await editInStore(d, 'draft')];
    await feedProducts();
    const loads = vi.spyOn(t.deps.platform, 'getProducts');
    try {
      for (const product of edited) {
        const response = await productUpdated(product);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({
          ok: true,
          duplicate: false,
          outcome: 'skipped',
          reason: 'not_tagged',
        });
      }
      expect(await queuedRecounts()).toHaveLength(0);
      await feedProducts();
      expect(loads).not.toHaveBeenCalled();
    } finally {
      loads.mockRestore();
    }
    expect(await t.runJobs()).toBe(0);
  });

  it('recount the shop when the payload names no product exactly', async () => {
    // JSON.parse loses the digits of an id beyond 2^53; without its GID the product is unknown.
    const response = await postWebhook(t, 'products/update', { id: 2 ** 60 }, { shop: SHOP_A });
    expect(response.json()).toMatchObject({ outcome: 'queued' });
    expect(await t.runJobs()).toBe(1);
  });

  it('products/delete: the recount leaves the deleted product out (no metafield write to it)', async () => {
    const id = Number(productKey(b.id));
    await t.deps.database.db
      .delete(sandboxProducts)
      .where(and(eq(sandboxProducts.shopDomain, SHOP_A), eq(sandboxProducts.id, id)));
    const response = await postWebhook(t, 'products/delete', { id }, { shop: SHOP_A });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'queued' });
    // The sandbox refuses a metafield batch naming a missing product, as Shopify does: the run
    // would fail (and runJobs throw) had it tried.
    expect(await t.runJobs()).toBe(1);
    const written = await t.deps.database.db
      .select({ productId: popclipProductCounts.productId })
      .from(popclipProductCounts)
      .where(eq(popclipProductCounts.shopId, shop.id));
    expect(written.map((row) => row.productId)).toEqual([a.id]);
    expect(await counts([a])).toEqual([1]);
  });

  it('refuse a bad signature with 401 and queue nothing', async () => {
    const response = await productUpdated(a, { hmac: 'c2lnbmF0dXJl' });
    expect(response.statusCode).toBe(401);
    const deleted = await postWebhook(
      t,
      'products/delete',
      { id: Number(productKey(a.id)) },
      { shop: SHOP_A, hmac: 'c2lnbmF0dXJl' },
    );
    expect(deleted.statusCode).toBe(401);
    expect(await queuedRecounts()).toHaveLength(0);
  });

  it('acknowledge unknown and uninstalled shops and queue nothing', async () => {
    const unknown = await productUpdated(a, { shop: 'nowhere.myshopify.com' });
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(unknown.json()).toMatchObject({ outcome: 'skipped', reason: 'unknown_shop' });

    const uninstall = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${SHOP_A}/uninstall`,
    });
    expect(uninstall.statusCode, uninstall.body).toBe(200);
    await t.runJobs();
    const response = await editInSandbox(a, 'sell_out');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().delivery.statusCode).toBe(200);
    const deleted = await postWebhook(
      t,
      'products/delete',
      { id: Number(productKey(a.id)) },
      { shop: SHOP_A },
    );
    expect(deleted.json()).toMatchObject({ outcome: 'skipped', reason: 'unknown_shop' });
    expect(await queuedRecounts()).toHaveLength(0);
    expect(await t.runJobs()).toBe(0);
  });
});
