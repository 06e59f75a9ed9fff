import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRODUCT_ROW_MIN_HEIGHT } from '@popstage/core/storefront';
import type { SandboxStore } from '@popstage/shopify-sandbox';
import { productBlockTag } from '@popstage/shopify-sandbox/testing';
import { generateClip } from '@popstage/testkit/clip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CLIPS } from '../../platform/media/testing/clips';
import type { PlatformProduct } from '../../platform/port';
import { call, createTestApp, SHOP_A, type TestApp } from '../../test/app';
import { putSigned } from '../../test/popclips';
import { ensureShop } from '../shop';
import { PRODUCT_CLIP_COUNTS_JOB, queueProductClipCounts } from './clip-counts-queue';

let t: TestApp;
let sandbox: SandboxStore;
let dir: string;
let video: Buffer;
/** Active with a variant for sale (the feed carries them), a sold-out one and a draft. */
let live: [PlatformProduct, PlatformProduct, PlatformProduct];
let soldOut: PlatformProduct;
let draft: PlatformProduct;

const tag = (products: PlatformProduct[]) =>
  products.map((p) => ({
    shopifyProductId: p.id,
    shopifyProductHandle: p.handle,
    shopifyProductUrl: `https://${SHOP_A}/products/${p.handle}`,
    defaultImage: null,
  }));

/** Upload, PUT, complete, then every queued job (processing, then the count job it queues). */
async function processedClip(products: PlatformProduct[]): Promise<string> {
  const created = await call(t, SHOP_A, 'POST', '/api/media/csUpload', {
    fileName: 'clip.mp4',
    fileMeta: { type: 'video/mp4', size: video.length },
    metaData: { videoTitle: 'Counted', products: tag(products) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { uploadFileUrl, clip } = created.json();
  expect((await putSigned(t, uploadFileUrl, video, 'video/mp4')).statusCode).toBe(200);
  const complete = await call(t, SHOP_A, 'POST', '/api/media/csUploadComplete', {
    metaIdentifier: clip.metaIdentifier,
  });
  expect(complete.statusCode, complete.body).toBe(200);
  expect(await t.runJobs()).toBe(2);
  return clip.metaIdentifier;
}

const counts = async (products: PlatformProduct[]) =>
  Promise.all(products.map((p) => sandbox.productClipCount(SHOP_A, p.id)));

const productPage = async (product: PlatformProduct) =>
  (await t.app.inject({ url: `/sandbox/store/${SHOP_A}/products/${product.handle}` })).body;

beforeAll(async () => {
  t = await createTestApp();
  if (!t.deps.sandbox) throw new Error('the test app runs on the sandbox store');
  sandbox = t.deps.sandbox;
  await sandbox.setAppEmbed(SHOP_A, true);
  dir = await mkdtemp(path.join(tmpdir(), 'popstage-counts-test-'));
  video = await readFile(await generateClip(path.join(dir, 'clip.mp4'), TEST_CLIPS.fastPath));
  const all = (await sandbox.listProducts(SHOP_A, { first: 250 })).nodes;
  const forSale = all.filter(
    (p) => p.status === 'ACTIVE' && p.variants.some((v) => v.availableForSale),
  );
  const [a, b, c] = forSale;
  const out = all.find(
    (p) => p.status === 'ACTIVE' && p.variants.every((v) => !v.availableForSale),
  );
  const drafted = all.find((p) => p.status === 'DRAFT');
  if (!a || !b || !c || !out || !drafted) throw new Error('the demo store lacks such products');
  live = [a, b, c];
  soldOut = out;
  draft = drafted;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('clip_count product metafields', () => {
  let first: string;
  let second: string;

  it('are written when a clip is processed: live tagged products only', async () => {
    first = await processedClip([live[0], live[1], soldOut, draft]);
    // Sold out and draft products are not in the feed: the widget shows nothing on their pages.
    expect(await counts([live[0], live[1], soldOut, draft, live[2]])).toEqual([1, 1, 0, 0, 0]);
    second = await processedClip([live[0]]);
    expect(await counts([live[0], live[1]])).toEqual([2, 1]);
  });

  it('make the sandbox product page reserve the row exactly when the count is above 0', async () => {
    const reserve = `style="min-height: ${PRODUCT_ROW_MIN_HEIGHT}"`;
    const counted = productBlockTag(await productPage(live[0]));
    expect(counted).toContain(`data-popstage-product="${live[0].id}"`);
    expect(counted).toContain(reserve);
    const none = productBlockTag(await productPage(live[2]));
    expect(none).toContain(`data-popstage-product="${live[2].id}"`);
    expect(none).not.toContain('min-height');
  });

  it('follow an edit of the tagged products; a product left without clips gets 0', async () => {
    const edit = await call(t, SHOP_A, 'POST', '/api/media/csUpdateMedia', {
      id: SHOP_A,
      metaIdentifier: first,
      metaData: {
        videoTitle: 'Counted',
        products: tag([live[0], live[2]]),
        featured: false,
        display: ['WEB_PDP', 'MOBILE_PDP', 'MOBILE_WEB_PDP'],
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await t.runJobs()).toBe(1);
    expect(await counts([live[0], live[1], live[2]])).toEqual([2, 0, 1]);
    expect(await productPage(live[1])).not.toContain('min-height');
  });

  it('are 0 everywhere while the shop hides Popclips on product pages', async () => {
    const save = (hidePopClipsOnPDP: boolean) =>
      call(t, SHOP_A, 'POST', '/api/shopify/shop/popclips/settings', {
        hidePopClipsOnPDP,
        showViewsOnPopClips: true,
        showLikesOnPopClips: true,
        enableShopFeaturesBuyBtn: true,
      });
    expect((await save(true)).statusCode).toBe(200);
    expect(await t.runJobs()).toBe(1);
    expect(await counts([live[0], live[2]])).toEqual([0, 0]);
    expect((await save(true)).statusCode).toBe(200);
    // Nothing changed for product pages: nothing queued.
    expect(await t.runJobs()).toBe(0);
    expect((await save(false)).statusCode).toBe(200);
    expect(await t.runJobs()).toBe(1);
    expect(await counts([live[0], live[2]])).toEqual([2, 1]);
  });

  it('are 0 while the shop is deactivated, and rewritten when the app is reopened after an uninstall', async () => {
    const flag = (deactivate_shop: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/sandbox/api/shops/${SHOP_A}/flags`,
        payload: { deactivate_shop },
      });
    expect((await flag(true)).statusCode).toBe(200);
    expect(await t.runJobs()).toBe(1);
    expect(await counts([live[0], live[2]])).toEqual([0, 0]);
    expect((await flag(false)).statusCode).toBe(200);
    expect(await t.runJobs()).toBe(1);
    expect(await counts([live[0], live[2]])).toEqual([2, 1]);

    const uninstall = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${SHOP_A}/uninstall`,
    });
    expect(uninstall.statusCode, uninstall.body).toBe(200);
    await t.runJobs();
    // Whatever the store did with them meanwhile, reopening the app writes them again.
    await sandbox.setProductClipCounts(SHOP_A, [{ productId: live[0].id, count: 0 }]);
    expect((await call(t, SHOP_A, 'GET', '/api/shopify/shop')).statusCode).toBe(200);
    expect(await t.runJobs()).toBe(1);
    expect(await counts([live[0], live[2]])).toEqual([2, 1]);
  });

  it('drop with each deleted clip, to 0', async () => {
    const remove = (metaIdentifier: string) =>
      call(t, SHOP_A, 'POST', '/api/media/csDeleteMedia', { id: SHOP_A, metaIdentifier });
    expect((await remove(second)).statusCode).toBe(200);
    expect(await t.runJobs()).toBe(1);
    expect(await counts([live[0], live[2]])).toEqual([1, 1]);
    expect((await remove(first)).statusCode).toBe(200);
    expect(await t.runJobs()).toBe(1);
    expect(await counts([live[0], live[2]])).toEqual([0, 0]);
  });

  it('coalesce: sends while a recount is queued add no second one', async () => {
    const shop = await ensureShop(t.deps, SHOP_A);
    for (let i = 0; i < 3; i++) await queueProductClipCounts(t.deps, shop.id);
    const queued = await t.deps.queue.findJobs(PRODUCT_CLIP_COUNTS_JOB, {
      key: shop.id,
      queued: true,
    });
    expect(queued).toHaveLength(1);
    expect(await t.runJobs()).toBe(1);
  });
});
