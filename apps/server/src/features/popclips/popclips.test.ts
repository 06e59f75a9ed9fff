import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { POPCLIP_SERVER_MESSAGES, POPCLIP_TOASTS } from '@popstage/core/popclips';
import { generateClip, generateCorruptFile } from '@popstage/testkit/clip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_VIDEO, PROCESSING_FAILED } from '../../platform/media';
import { TEST_CLIPS } from '../../platform/media/testing/clips';
import type { ObjectStore } from '../../platform/storage/port';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import {
  csUpload,
  getClip,
  mediaPath,
  pngBytes,
  putSigned,
  subscribe,
  uploadClip,
} from '../../test/popclips';
import { processClip, processClipExhausted } from './processing-job';

let t: TestApp;
let dir: string;
let video: Buffer;
let corrupt: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'popstage-clips-test-'));
  video = await readFile(await generateClip(path.join(dir, 'clip.mp4'), TEST_CLIPS.fastPath));
  corrupt = await readFile(await generateCorruptFile(path.join(dir, 'corrupt.mp4'), 20_000));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const shopRow = async (shop: string) => (await call(t, shop, 'GET', '/api/shopify/shop')).json();

describe('upload and processing', () => {
  let processed: { metaIdentifier: string; id: string };

  it('uploads, completes, processes, and serves the playable video with Range', async () => {
    expect((await shopRow(SHOP_A)).firstPopclipCreated).toBe(false);
    const { created, complete } = await uploadClip(t, SHOP_A, video, {
      thumbnail: { bytes: pngBytes(), type: 'image/png' },
    });
    expect(created.clip.status).toBe('uploading');
    expect(created.uploadFileUrl).toMatch(/\/media\/shops\/.+\/original-Myclip1\.mp4\?/);
    expect(new URL(created.uploadFileUrl).searchParams.get('max')).toBe(String(100 * 1024 * 1024));
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json().clip.status).toBe('processing');
    expect((await shopRow(SHOP_A)).firstPopclipCreated).toBe(true);

    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    const res = await getClip(t, SHOP_A, created.clip.metaIdentifier);
    expect(res.statusCode).toBe(200);
    const clip = res.json().data[0];
    expect(clip).toMatchObject({
      status: 'processed',
      failureReason: null,
      width: 360,
      height: 640,
      metaData: { videoTitle: 'Summer drop', clipSourceType: 'device', featured: false },
    });
    expect(clip.metaData.products[0]).toMatchObject({ title: expect.any(String) });
    expect(clip.cdnUrl).toBe(clip.metaData.processedURL);
    expect(clip.metaData.thumbnailURL).toBe(clip.metaData.customThumbnailImageURL);
    expect(clip.metaData.defaultThumbnailImageURL).toMatch(/thumbnail\.jpg/);

    const ranged = await t.app.inject({
      method: 'GET',
      url: mediaPath(clip.cdnUrl),
      headers: { range: 'bytes=0-99' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.rawPayload.length).toBe(100);
    expect(ranged.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const gif = await t.app.inject({ method: 'GET', url: mediaPath(clip.metaData.gifURL) });
    expect(gif.rawPayload.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    processed = clip;
  });

  it('repeating csUploadComplete changes nothing', async () => {
    const again = await call(t, SHOP_A, 'POST', '/api/media/csUploadComplete', {
      metaIdentifier: processed.metaIdentifier,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().clip.status).toBe('processed');
    expect(await t.runJobs()).toBe(0);
  });

  it('plays as soon as the playable file is up; a failed attempt is finished by the next one', async () => {
    const { created, complete } = await uploadClip(t, SHOP_A, video);
    expect(complete.statusCode).toBe(200);
    // A worker whose preview upload fails (a crash mid-job): the clip already plays.
    const flaky: ObjectStore = {
      ...t.deps.media,
      putObject: async (key, body, options) => {
        if (key.endsWith('preview.gif')) throw new Error('disk full');
        return t.deps.media.putObject(key, body, options);
      },
    };
    const data = { clipId: created.clip.id };
    await expect(processClip(data, { ...t.deps, media: flaky })).rejects.toThrow('disk full');
    const playing = (await getClip(t, SHOP_A, created.clip.metaIdentifier)).json().data[0];
    expect(playing.status).toBe('processing');
    expect(playing.cdnUrl).toBeTruthy();
    // The retry finishes it; the queued job then finds nothing to do.
    await processClip(data, t.deps);
    expect((await getClip(t, SHOP_A, created.clip.metaIdentifier)).json().data[0].status).toBe(
      'processed',
    );
    await t.runJobs();
    await call(t, SHOP_A, 'POST', '/api/media/csDeleteMedia', {
      id: SHOP_A,
      metaIdentifier: created.clip.metaIdentifier,
    });
  });

  it('fails the clip once retries are exhausted (dead letter)', async () => {
    const { created } = await uploadClip(t, SHOP_A, video);
    await processClipExhausted({ clipId: created.clip.id }, t.deps);
    const clip = (await getClip(t, SHOP_A, created.clip.metaIdentifier)).json().data[0];
    expect(clip).toMatchObject({ status: 'failed', failureReason: PROCESSING_FAILED });
    await t.runJobs(); // the queued job finds the clip failed and leaves it
    expect((await getClip(t, SHOP_A, created.clip.metaIdentifier)).json().data[0].status).toBe(
      'failed',
    );
    await call(t, SHOP_A, 'POST', '/api/media/csDeleteMedia', {
      id: SHOP_A,
      metaIdentifier: created.clip.metaIdentifier,
    });
  });

  it('fails a corrupt file with a reason and keeps the original', async () => {
    const { created, complete } = await uploadClip(t, SHOP_A, corrupt);
    expect(complete.statusCode).toBe(200);
    await t.runJobs();
    const clip = (await getClip(t, SHOP_A, created.clip.metaIdentifier)).json().data[0];
    expect(clip).toMatchObject({ status: 'failed', failureReason: NOT_A_VIDEO });
    expect(clip.cdnUrl).toBeNull();
    const original = await t.app.inject({ method: 'GET', url: mediaPath(clip.metaData.videoURL) });
    expect(original.statusCode).toBe(200);
  });

  it('refuses an oversized PUT with 413 and stores nothing', async () => {
    const created = await csUpload(t, SHOP_A, { size: 1000 });
    const put = await putSigned(
      t,
      created.uploadFileUrl,
      Buffer.alloc(10),
      'video/mp4',
      100 * 1024 * 1024 + 1,
    );
    expect(put.statusCode).toBe(413);
    const complete = await call(t, SHOP_A, 'POST', '/api/media/csUploadComplete', {
      metaIdentifier: created.clip.metaIdentifier,
    });
    expect(complete.statusCode).toBe(400);
    expect(complete.json().message).toBe('Please add a video to create a new popclip.');
    const clip = (await getClip(t, SHOP_A, created.clip.metaIdentifier)).json().data[0];
    expect(clip.status).toBe('uploading');
  });

  it('answers 400 for a thumbnail whose bytes are not the declared image, and the clip stays editable', async () => {
    const { created, complete } = await uploadClip(t, SHOP_A, video, {
      thumbnail: {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        type: 'image/png',
      },
    });
    expect(complete.statusCode).toBe(400);
    expect(complete.json().message).toBe(POPCLIP_SERVER_MESSAGES.thumbnailType);
    const clip = (await getClip(t, SHOP_A, created.clip.metaIdentifier)).json().data[0];
    expect(clip.status).toBe('uploading');
    expect(clip.metaData.customThumbnailImageURL).toBeTruthy();
    const stored = await t.app.inject({
      method: 'GET',
      url: mediaPath(clip.metaData.customThumbnailImageURL),
    });
    expect(stored.statusCode).toBe(404);
    // A new thumbnail through csUpdateMedia, then completion succeeds.
    const edit = await call(t, SHOP_A, 'POST', '/api/media/csUpdateMedia', {
      id: SHOP_A,
      metaIdentifier: created.clip.metaIdentifier,
      metaData: {
        videoTitle: 'Fixed',
        products: clip.metaData.products,
        featured: false,
        display: [],
      },
      updateMedia: true,
      customThumbnailImage: { type: 'image/png', size: 300 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(
      (await putSigned(t, edit.json().uploadCustomThumbnailUrl, pngBytes(300), 'image/png'))
        .statusCode,
    ).toBe(200);
    const again = await call(t, SHOP_A, 'POST', '/api/media/csUploadComplete', {
      metaIdentifier: created.clip.metaIdentifier,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().clip).toMatchObject({
      status: 'processing',
      metaData: { videoTitle: 'Fixed', display: [] },
    });
  });

  it('validates csUpload with the spec messages', async () => {
    const res = await call(t, SHOP_A, 'POST', '/api/media/csUpload', {
      fileName: 'a.mp4',
      fileMeta: { type: 'video/mp4', size: 101 * 1024 * 1024 },
      metaData: { videoTitle: 'x', products: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining(['Uploaded video size should be less than 100MB']),
    );
  });

  it('keeps shop B away from shop A’s clips', async () => {
    const payload = { id: SHOP_B, metaIdentifier: processed.metaIdentifier };
    const del = await call(t, SHOP_B, 'POST', '/api/media/csDeleteMedia', payload);
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe(POPCLIP_TOASTS.clipNotFound);
    const list = await call(t, SHOP_B, 'POST', '/api/media/listMediabyID', { id: SHOP_A });
    expect(list.statusCode).toBe(403);
    const feature = await call(t, SHOP_B, 'POST', '/api/shopify/shop/featured-popclip', {
      popclip_id: processed.metaIdentifier,
    });
    expect(feature.statusCode).toBe(404);
    expect((await getClip(t, SHOP_A, processed.metaIdentifier)).statusCode).toBe(200);
  });

  it('lists newest first with lastEvaluatedKey pages', async () => {
    const first = await call(t, SHOP_A, 'POST', '/api/media/listMediabyID', {
      id: SHOP_A,
      pageSize: 2,
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.data).toHaveLength(2);
    expect(page1.lastEvaluatedKey).toEqual(expect.any(String));
    const second = await call(t, SHOP_A, 'POST', '/api/media/listMediabyID', {
      id: SHOP_A,
      pageSize: 100,
      lastEvaluatedKey: page1.lastEvaluatedKey,
    });
    const page2 = second.json();
    expect(page2.lastEvaluatedKey).toBeNull();
    const ids = [...page1.data, ...page2.data].map((clip: { id: string }) => clip.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Four clips so far (the test clock stands still, so the id breaks the createdAt ties).
    expect(ids).toHaveLength(4);
    expect(ids).toContain(processed.id);
  });

  it('deletes the clip, its stored objects, and clears the featured clip', async () => {
    await call(t, SHOP_A, 'POST', '/api/shopify/shop/featured-popclip', {
      popclip_id: processed.metaIdentifier,
    });
    expect((await shopRow(SHOP_A)).featuredPopclipId).toBe(processed.metaIdentifier);
    const clip = (await getClip(t, SHOP_A, processed.metaIdentifier)).json().data[0];
    expect(clip.metaData.featured).toBe(true);
    const urls = [
      clip.metaData.videoURL,
      clip.cdnUrl,
      clip.metaData.defaultThumbnailImageURL,
      clip.metaData.customThumbnailImageURL,
      clip.metaData.gifURL,
    ];
    for (const url of urls) {
      expect((await t.app.inject({ method: 'HEAD', url: mediaPath(url) })).statusCode).toBe(200);
    }
    const del = await call(t, SHOP_A, 'POST', '/api/media/csDeleteMedia', {
      id: SHOP_A,
      metaIdentifier: processed.metaIdentifier,
    });
    expect(del.statusCode).toBe(200);
    for (const url of urls) {
      expect((await t.app.inject({ method: 'GET', url: mediaPath(url) })).statusCode).toBe(404);
    }
    expect((await shopRow(SHOP_A)).featuredPopclipId).toBeNull();
    expect((await getClip(t, SHOP_A, processed.metaIdentifier)).statusCode).toBe(404);
  });
});

describe('featured clip', () => {
  it('keeps one featured clip per shop', async () => {
    const one = await csUpload(t, SHOP_B, { size: 10 }, { featured: true });
    expect((await shopRow(SHOP_B)).featuredPopclipId).toBe(one.clip.metaIdentifier);
    const two = await csUpload(t, SHOP_B, { size: 10 }, { featured: true });
    expect((await shopRow(SHOP_B)).featuredPopclipId).toBe(two.clip.metaIdentifier);
    const list = (await call(t, SHOP_B, 'POST', '/api/media/listMediabyID', { id: SHOP_B })).json();
    const featured = list.data.filter(
      (clip: { metaData: { featured: boolean } }) => clip.metaData.featured,
    );
    expect(featured.map((clip: { metaIdentifier: string }) => clip.metaIdentifier)).toEqual([
      two.clip.metaIdentifier,
    ]);
    // Unchecking another clip leaves the featured one; unchecking the featured one clears it.
    const products = list.data[0].metaData.products;
    const edit = (metaIdentifier: string, featuredFlag: boolean) =>
      call(t, SHOP_B, 'POST', '/api/media/csUpdateMedia', {
        id: SHOP_B,
        metaIdentifier,
        metaData: { videoTitle: 'T', products, featured: featuredFlag, display: [] },
      });
    expect((await edit(one.clip.metaIdentifier, false)).statusCode).toBe(200);
    expect((await shopRow(SHOP_B)).featuredPopclipId).toBe(two.clip.metaIdentifier);
    expect((await edit(two.clip.metaIdentifier, false)).statusCode).toBe(200);
    expect((await shopRow(SHOP_B)).featuredPopclipId).toBeNull();
    const set = await call(t, SHOP_B, 'POST', '/api/shopify/shop/featured-popclip', {
      popclip_id: one.clip.metaIdentifier,
    });
    expect(set.json()).toEqual({
      success: true,
      data: { featuredPopclipId: one.clip.metaIdentifier },
    });
    await call(t, SHOP_B, 'POST', '/api/shopify/shop/featured-popclip', { popclip_id: null });
    expect((await shopRow(SHOP_B)).featuredPopclipId).toBeNull();
  });

  it('refuses an owner id that is not the session’s', async () => {
    const res = await call(t, SHOP_B, 'POST', '/api/media/listMediabyTypeAndMetaId', {
      fileCategory: 'shopifyClips',
      metaIds: ['x'],
      sellerId: SHOP_A,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('import from Instagram and TikTok', () => {
  const reel = 'https://www.instagram.com/reel/C0ffee123/';

  it('needs the basic plan: free shops get 403 Access Denied', async () => {
    const res = await call(t, SHOP_B, 'POST', '/api/media/csImport', {
      sourceType: 'instagram',
      url: reel,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'Access Denied',
      upgrade: { variant: 'instagramImport', price: '$29.99/month' },
    });
  });

  it('checks the URL with the spec messages', async () => {
    const res = await call(t, SHOP_B, 'POST', '/api/media/csImport', {
      sourceType: 'tiktok',
      url: 'https://example.com/video/1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This is not a valid TikTok reel URL');
  });

  it('imports a sandbox sample on the basic plan and processes it', async () => {
    await subscribe(t, SHOP_B, 'addon-popclips-basic');
    const res = await call(t, SHOP_B, 'POST', '/api/media/csImport', {
      sourceType: 'instagram',
      url: reel,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().clip;
    expect(created).toMatchObject({
      status: 'processing',
      metaData: { clipSourceType: 'instagram', clipSourceUrl: reel },
    });
    await t.runJobs();
    const clip = (await getClip(t, SHOP_B, created.metaIdentifier)).json().data[0];
    expect(clip).toMatchObject({ status: 'processed', showViews: true, showLikes: false });
    expect(clip.cdnUrl).toBeTruthy();

    const missing = await call(t, SHOP_B, 'POST', '/api/media/csImport', {
      sourceType: 'instagram',
      url: 'https://www.instagram.com/reel/notfound/',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(
      'An error occurred in the upload. Please try again with the correct URL.',
    );
  });
});
