import type { DisplayTarget } from '@popstage/core/popclips';
import { pngImage } from '@popstage/testkit/image';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import type { PopclipRow } from '../db/schema';
import { insertPopclip } from '../features/popclips/store';
import { rememberProducts } from '../features/storefront';
import type { PlatformProduct } from '../platform/port';
import { call, type TestApp } from './app';

/** Test helpers for the clip calls. */

/** A signed media URL as an inject path (the host is not part of the signature). */
export const mediaPath = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

export async function putSigned(
  t: TestApp,
  url: string,
  body: Buffer,
  contentType: string,
  contentLength = body.length,
) {
  return t.app.inject({
    method: 'PUT',
    url: mediaPath(url),
    headers: { 'content-type': contentType, 'content-length': String(contentLength) },
    payload: body,
  });
}

/** The first n products of the shop's sandbox store as tagging input. */
export async function someProducts(t: TestApp, shop: string, n = 1) {
  const page = await t.deps.platform.listProducts(shop, { first: n });
  return page.nodes.map((product) => ({
    shopifyProductId: product.id,
    shopifyProductHandle: product.handle,
    shopifyProductUrl: `https://${shop}/products/${product.handle}`,
    defaultImage: null,
  }));
}

export async function csUpload(
  t: TestApp,
  shop: string,
  video: { size: number; type?: string },
  options: { thumbnail?: { type: string; size: number }; title?: string; featured?: boolean } = {},
) {
  const res = await call(t, shop, 'POST', '/api/media/csUpload', {
    fileName: 'My clip (1).mp4',
    fileMeta: { type: video.type ?? 'video/mp4', size: video.size },
    ...(options.thumbnail ? { customThumbnailImage: options.thumbnail } : {}),
    metaData: {
      videoTitle: options.title ?? 'Summer drop',
      products: await someProducts(t, shop),
      featured: options.featured ?? false,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    uploadFileUrl: string;
    uploadCustomThumbnailUrl: string | null;
    clip: { id: string; metaIdentifier: string; status: string };
  };
}

/** csUpload, both PUTs, csUploadComplete; answers the completion. */
export async function uploadClip(
  t: TestApp,
  shop: string,
  video: Buffer,
  options: { thumbnail?: { bytes: Buffer; type: string }; featured?: boolean; title?: string } = {},
) {
  const created = await csUpload(
    t,
    shop,
    { size: video.length },
    {
      ...(options.thumbnail
        ? { thumbnail: { type: options.thumbnail.type, size: options.thumbnail.bytes.length } }
        : {}),
      ...(options.featured === undefined ? {} : { featured: options.featured }),
      ...(options.title === undefined ? {} : { title: options.title }),
    },
  );
  const put = await putSigned(t, created.uploadFileUrl, video, 'video/mp4');
  expect(put.statusCode, put.body).toBe(200);
  if (options.thumbnail && created.uploadCustomThumbnailUrl) {
    const thumb = await putSigned(
      t,
      created.uploadCustomThumbnailUrl,
      options.thumbnail.bytes,
      options.thumbnail.type,
    );
    expect(thumb.statusCode, thumb.body).toBe(200);
  }
  const complete = await call(t, shop, 'POST', '/api/media/csUploadComplete', {
    metaIdentifier: created.clip.metaIdentifier,
  });
  return { created, complete };
}

export async function getClip(t: TestApp, shop: string, metaIdentifier: string) {
  const res = await call(t, shop, 'POST', '/api/media/listMediabyTypeAndMetaId', {
    fileCategory: 'shopifyClips',
    metaIds: [metaIdentifier],
    sellerId: shop,
  });
  return res;
}

/** Draft → purchase → approve on the sandbox page: the shop's popclips add-on becomes `addon`. */
export async function subscribe(t: TestApp, shop: string, addon: string) {
  const draft = await call(t, shop, 'POST', '/api/shopify/shop/subscription/draft', {
    shopifyDomain: shop,
    planId: 'bundle-flexible-2025-monthly',
    extraAddonIds: [addon],
  });
  expect(draft.statusCode, draft.body).toBe(200);
  const bought = await call(t, shop, 'POST', '/api/shopify/shop/subscription', {
    draftId: draft.json().id,
  });
  expect(bought.statusCode, bought.body).toBe(200);
  const confirmationUrl = bought.json().confirmationUrl as string | null;
  if (confirmationUrl) {
    const approved = await t.app.inject({
      method: 'POST',
      url: `${new URL(confirmationUrl).pathname}/approve`,
    });
    expect(approved.statusCode).toBe(303);
  }
}

/** A small valid PNG padded to `size` bytes (what a declared thumbnail size needs). */
export function pngBytes(size = 200): Buffer {
  return pngImage({ bytes: size });
}

/**
 * A clip row as processing leaves it (media keys under the shop's prefix, portrait 720x1280),
 * tagged with `products`, straight into the database: for tests about what happens after upload.
 * Its products go into the storefront's snapshot, as resolveTaggedProducts leaves them.
 */
export async function insertProcessedClip(
  db: Db,
  clip: {
    shopId: string;
    id: string;
    at: Date;
    /** For the tagged products' storefront URLs. */
    shopDomain?: string;
    products?: PlatformProduct[];
    title?: string;
    status?: PopclipRow['status'];
    displayTargets?: DisplayTarget[];
    isPrivate?: boolean;
    durationSeconds?: number;
    previewKey?: string | null;
  },
) {
  const prefix = `shops/${clip.shopId}/clips/${clip.id}`;
  const products = clip.products ?? [];
  await rememberProducts(
    db,
    clip.shopId,
    products.map((p) => p.id),
    products,
    clip.at,
  );
  return insertPopclip(db, {
    shopId: clip.shopId,
    metaIdentifier: clip.id,
    title: clip.title ?? `Clip ${clip.id}`,
    status: clip.status ?? 'processed',
    originalKey: `${prefix}/original.mp4`,
    originalContentType: 'video/mp4',
    playableKey: `${prefix}/playable.mp4`,
    thumbnailKey: `${prefix}/thumb.jpg`,
    previewKey: clip.previewKey ?? null,
    durationSeconds: clip.durationSeconds ?? 12,
    width: 720,
    height: 1280,
    products: products.map((p) => ({
      shopifyProductId: p.id,
      shopifyProductHandle: p.handle,
      shopifyProductUrl: `https://${clip.shopDomain ?? 'shop.example'}/products/${p.handle}`,
      defaultImage: null,
      title: p.title,
      amount: p.priceRange.min,
      currencyCode: p.priceRange.currencyCode,
    })),
    displayTargets: clip.displayTargets ?? ['WEB_PDP'],
    isPrivate: clip.isPrivate ?? false,
    createdAt: clip.at,
    updatedAt: clip.at,
  });
}

/** A clip row changed in place, as a test arranges it. */
export { findPopclipById, insertPopclip, updatePopclip } from '../features/popclips/store';
