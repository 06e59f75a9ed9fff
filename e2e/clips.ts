import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import { shopApi } from './prepare-shop';

/** The ffmpeg the server itself runs (@ffmpeg-installer, resolved from apps/server). */
export function ffmpegPath(): string {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  const serverRequire = createRequire(resolve(import.meta.dirname, '../apps/server/package.json'));
  return (serverRequire('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** A 3-second portrait H.264/AAC MP4 from ffmpeg's test pattern, optionally tinted by `hue`. */
export async function generateClip(path: string, options: { hue?: number } = {}): Promise<string> {
  await promisify(execFile)(ffmpegPath(), [
    ...['-hide_banner', '-nostdin', '-y', '-v', 'error'],
    ...['-f', 'lavfi', '-i', 'testsrc2=s=360x640:r=30:d=3'],
    ...['-f', 'lavfi', '-i', 'sine=f=440:r=48000:d=3'],
    ...(options.hue === undefined ? [] : ['-vf', `hue=h=${options.hue}`]),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-f', 'mp4', path],
  ]);
  return path;
}

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
