import { statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { StartedApp } from '@popstage/testkit/app';
import { cachedClip, SHORT_CLIP } from '@popstage/testkit/clip';
import { type BenchClip, putFile, ShopClient } from '../media-api';

/**
 * The storefront bench's shop: the sandbox demo store with processed clips uploaded through the
 * admin's own API (csUpload, signed PUT, csUploadComplete, the processing job): one tagged with
 * a few products (the product page shows it), one featured, the rest tagged with other products.
 */

export const SHOP = 'demo-store.myshopify.com';
const CACHE = join(import.meta.dirname, '..', '.cache');
/** Clips of the shop: a storefront with a handful of videos, like a new merchant's. */
export const CLIP_COUNT = 6;
/** The product clip is tagged with this many products (one of them surely in stock). */
const PRODUCTS_PER_CLIP = 3;
const PROCESS_TIMEOUT_MS = 180_000;

interface CatalogueProduct {
  id: string;
  handle: string;
  imgSrc: string | null;
}

interface FeedClip {
  id: string;
  products: { id: string; handle: string }[];
}

export interface BenchShop {
  domain: string;
  /** The storefront's root (the platform's primary domain: a page of the app in the sandbox). */
  primaryDomainUrl: string;
  currency: string;
  /** Every clip of the shop, with the product GID a click names. */
  clips: { id: string; productId: string }[];
  /** Whether the clips reached 'processed' (the feed carries them); false falls back. */
  processed: boolean;
  featuredId: string | null;
  /** The product page the bench loads: its clip is tagged with this product. */
  product: { id: string; handle: string; url: string } | null;
  /** Catalogue products, for a synthetic feed when processing failed. */
  catalogue: CatalogueProduct[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitProcessed(client: ShopClient, ids: string[]): Promise<BenchClip[]> {
  const started = performance.now();
  const deadline = started + PROCESS_TIMEOUT_MS;
  let reported = started;
  for (;;) {
    const { data } = await client.call<{ data: BenchClip[] }>(
      'POST',
      '/api/media/listMediabyTypeAndMetaId',
      { fileCategory: 'shopifyClips', metaIds: ids, sellerId: client.shop },
    );
    const failed = data.find((clip) => clip.status === 'failed');
    if (failed) throw new Error(`clip ${failed.metaIdentifier} failed: ${failed.failureReason}`);
    const done = data.filter((clip) => clip.status === 'processed').length;
    if (done === ids.length) return data;
    const now = performance.now();
    if (now > deadline) throw new Error(`clips not processed after ${PROCESS_TIMEOUT_MS / 1000} s`);
    if (now - reported >= 10_000) {
      reported = now;
      console.log(
        `  ${done} / ${ids.length} clips processed (${((now - started) / 1000).toFixed(0)} s)`,
      );
    }
    await sleep(250);
  }
}

/** Installs the shop, publishes its products and uploads CLIP_COUNT clips; waits until processed. */
export async function prepareBenchShop(app: StartedApp): Promise<BenchShop> {
  const started = performance.now();
  const client = new ShopClient(app, SHOP);
  // The admin's first call installs the shop; its answer names the storefront (primary domain).
  const shop = await client.call<{ primaryDomainUrl: string; currency: string }>(
    'GET',
    '/api/shopify/shop',
  );
  const publish = await fetch(`${app.baseUrl}/sandbox/api/shops/${SHOP}/publish-products`, {
    method: 'POST',
  });
  if (!publish.ok) throw new Error(`publish products: ${publish.status} ${await publish.text()}`);
  const { data: catalogue } = await client.call<{ data: CatalogueProduct[] }>(
    'GET',
    '/api/catalogue/products',
  );
  // The first page of the catalogue (10 products) is enough: other clips share products if need be.
  if (catalogue.length <= PRODUCTS_PER_CLIP) {
    throw new Error(`the sandbox catalogue has only ${catalogue.length} published products`);
  }
  // A short portrait H.264/AAC MP4: the processing job's fast path (remux), seconds per clip.
  const file = await cachedClip(CACHE, 'storefront-3s-360x640', SHORT_CLIP);
  const tag = (product: CatalogueProduct) => ({
    shopifyProductId: product.id,
    shopifyProductHandle: product.handle,
    shopifyProductUrl: `https://${SHOP}/products/${product.handle}`,
    defaultImage: product.imgSrc,
  });
  // Clip 0: the product page's clip (several products, so one of them is surely in stock).
  // Clip 1: the featured clip. The others: one other product each.
  const others = catalogue.slice(PRODUCTS_PER_CLIP);
  const plans = Array.from({ length: CLIP_COUNT }, (_, index) => ({
    title:
      index === 0
        ? 'Bench product clip'
        : index === 1
          ? 'Bench featured clip'
          : `Bench clip ${index}`,
    products:
      index === 0
        ? catalogue.slice(0, PRODUCTS_PER_CLIP)
        : others.slice((index - 1) % others.length).slice(0, 1),
    featured: index === 1,
  }));
  const size = statSync(file).size;
  const ids: string[] = [];
  for (const plan of plans) {
    const answer = await client.call<{ uploadFileUrl: string | null; clip: BenchClip }>(
      'POST',
      '/api/media/csUpload',
      {
        fileName: `${plan.title.replace(/[^A-Za-z0-9]/g, '')}.mp4`,
        fileMeta: { type: 'video/mp4', size },
        metaData: {
          videoTitle: plan.title,
          clipSourceType: 'device',
          products: plan.products.map(tag),
          featured: plan.featured,
        },
      },
    );
    if (!answer.uploadFileUrl) throw new Error('csUpload answered no uploadFileUrl');
    await putFile(new URL(answer.uploadFileUrl, app.baseUrl).href, file, 'video/mp4');
    await client.completeUpload(answer.clip.metaIdentifier);
    ids.push(answer.clip.metaIdentifier);
  }
  const clips = ids.map((id, index) => ({
    id,
    productId: plans[index]?.products[0]?.id ?? '',
  }));
  const base = {
    domain: SHOP,
    primaryDomainUrl: shop.primaryDomainUrl.replace(/\/+$/, ''),
    currency: shop.currency,
    clips,
    featuredId: ids[1] ?? null,
    catalogue,
  };
  console.log(`  ${ids.length} clips uploaded; the worker processes them (ffmpeg)...`);
  try {
    await waitProcessed(client, ids);
  } catch (error) {
    console.log(`  clips not processed (${(error as Error).message}): synthetic feed instead`);
    return { ...base, processed: false, product: null };
  }
  // The product page: a product of clip 0 that the feed really carries (in stock, active).
  const feed = (await (await fetch(`${app.baseUrl}/storefront/v1/shops/${SHOP}/feed`)).json()) as {
    clips: FeedClip[];
  };
  const shown = feed.clips.find((clip) => clip.id === ids[0])?.products[0];
  const product = shown
    ? {
        id: shown.id,
        handle: shown.handle,
        url: `${base.primaryDomainUrl}/products/${shown.handle}`,
      }
    : null;
  console.log(
    `  ${SHOP}: ${ids.length} clips uploaded and processed in ${((performance.now() - started) / 1000).toFixed(1)} s; feed carries ${feed.clips.length}`,
  );
  return { ...base, processed: true, product };
}
