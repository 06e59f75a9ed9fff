import { readFileSync, statSync } from 'node:fs';
import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import { shopApi } from './prepare-shop';

interface UploadAnswer {
  uploadFileUrl: string;
  clip: { metaIdentifier: string };
}

/** The admin's own upload path through the API: csUpload, the signed PUT, csUploadComplete. */
export async function uploadClip(
  request: APIRequestContext,
  base: string,
  shop: string,
  title: string,
  file: string,
  product: { id: string; handle: string },
): Promise<string> {
  const api = shopApi(request, base, shop);
  const size = statSync(file).size;
  const answer = await api<UploadAnswer>('POST', '/api/media/csUpload', {
    fileName: title.replace(/[^A-Za-z0-9]/g, ''),
    fileMeta: { type: 'video/mp4', size },
    metaData: {
      videoTitle: title,
      clipSourceType: 'device',
      products: [
        {
          shopifyProductId: product.id,
          shopifyProductHandle: product.handle,
          shopifyProductUrl: `https://${shop}/products/${product.handle}`,
          defaultImage: null,
        },
      ],
    },
  });
  const put = await request.put(new URL(answer.uploadFileUrl, base).toString(), {
    data: readFileSync(file),
    headers: { 'Content-Type': 'video/mp4' },
  });
  expect(put.status()).toBe(200);
  await api('POST', '/api/media/csUploadComplete', { metaIdentifier: answer.clip.metaIdentifier });
  return answer.clip.metaIdentifier;
}

/** Waits for the worker to process an uploaded clip (only processed clips reach the storefront). */
export async function waitUntilProcessed(
  request: APIRequestContext,
  base: string,
  shop: string,
  clipId: string,
): Promise<void> {
  const api = shopApi(request, base, shop);
  await expect
    .poll(
      async () =>
        (
          await api<{ data: { status: string }[] }>('POST', '/api/media/listMediabyTypeAndMetaId', {
            fileCategory: 'shopifyClips',
            metaIds: [clipId],
            sellerId: shop,
          })
        ).data[0]?.status,
      { timeout: 90_000, interval: 1000 },
    )
    .toBe('processed');
}
