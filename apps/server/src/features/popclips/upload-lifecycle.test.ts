import { existsSync } from 'node:fs';
import { link, mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  POPCLIP_VALIDATION_MESSAGES as M,
  POPCLIP_SERVER_MESSAGES as S,
  UPLOAD_GRACE_SECONDS,
  UPLOAD_URL_SECONDS,
} from '@popstage/core/popclips';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popclips } from '../../db/schema';
import type { LocalObjectStore } from '../../platform/storage/local-store';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { csUpload, getClip, putSigned, subscribe } from '../../test/popclips';
import {
  deleteInterruptedClips,
  markInterruptedUploads,
  UPLOAD_SWEEP_JOB,
} from './upload-sweep-job';

/** Issue 14 §1 (abandoned uploads become 'interrupted', then go) and issue 20 §10, §13. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await subscribe(t, SHOP_A, 'addon-popclips-basic');
});
afterAll(() => t.close());

const HOUR = 3600_000;
const overdue = () => t.clock.advance((UPLOAD_URL_SECONDS + UPLOAD_GRACE_SECONDS) * 1000 + 1000);
const statusOf = async (metaIdentifier: string) =>
  (await getClip(t, SHOP_A, metaIdentifier)).json().data[0].status as string;

describe('abandoned uploads', () => {
  let abandoned: Awaited<ReturnType<typeof csUpload>>;
  let ready: string[];

  it('an upload not completed within the URL lifetime plus the grace becomes interrupted', async () => {
    abandoned = await csUpload(t, SHOP_A, { size: 1000 });
    // Clips still uploading but within their window stay as they are.
    t.clock.advance(UPLOAD_URL_SECONDS * 1000);
    expect(await markInterruptedUploads(t.deps.database.db, t.clock.now())).toBe(0);
    ready = [];
    for (let i = 0; i < 3; i++)
      ready.push((await csUpload(t, SHOP_A, { size: 1000 })).clip.metaIdentifier);
    t.clock.advance(UPLOAD_GRACE_SECONDS * 1000 + 1000);
    expect(await markInterruptedUploads(t.deps.database.db, t.clock.now())).toBe(1);
    const clip = (await getClip(t, SHOP_A, abandoned.clip.metaIdentifier)).json().data[0];
    expect(clip).toMatchObject({ status: 'interrupted', failureReason: S.clipInterrupted });
    expect(await statusOf(ready[0] ?? '')).toBe('uploading');
  });

  it('the sweep is a scheduled pg-boss job', async () => {
    const { JOBS } = await import('../../jobs/workers');
    expect(JOBS.find((job) => job.name === UPLOAD_SWEEP_JOB)?.schedule).toBe('*/5 * * * *');
  });

  it('the worker sweeps partial uploads a killed process left, not only a web restart', async () => {
    const tmp = path.join((t.deps.media as LocalObjectStore).root, 'tmp');
    await mkdir(tmp, { recursive: true });
    const crashed = path.join(tmp, 'left-by-a-crash');
    await writeFile(crashed, Buffer.alloc(4096));
    // Older than any upload still allowed to run; an upload in flight now keeps its file.
    t.clock.advance(t.deps.config.UPLOAD_BODY_TIMEOUT_MS + 61_000);
    const inFlight = path.join(tmp, 'upload-in-flight');
    await writeFile(inFlight, Buffer.alloc(10));
    await utimes(inFlight, t.clock.now(), t.clock.now());
    await t.deps.queue.send(UPLOAD_SWEEP_JOB, {});
    expect(await t.runJobs()).toBeGreaterThan(0);
    expect(existsSync(crashed)).toBe(false);
    expect(existsSync(inFlight)).toBe(true);
  });

  it('a temp name left beside an upload already in place goes at once, whatever its age', async () => {
    // A process killed between linking an upload into place and dropping its temp name
    // (storage.after-put, reliability/storage-crash.test.ts) leaves a second link in tmp.
    const store = t.deps.media as LocalObjectStore;
    const key = 'shops/sweep/clips/linked/original-video.mp4';
    await store.putObject(key, 'the video', { contentType: 'video/mp4' });
    const left = path.join(store.root, 'tmp', 'linked-by-a-crash');
    await link(store.filePath(key), left);
    await utimes(left, t.clock.now(), t.clock.now());
    await t.deps.queue.send(UPLOAD_SWEEP_JOB, {});
    await t.runJobs();
    expect(existsSync(left)).toBe(false);
    expect(await store.headObject(key)).toMatchObject({ size: 'the video'.length });
  });

  it('cannot go in a carousel or be shared; the answer says why and nothing is stored', async () => {
    const carousel = await call(t, SHOP_A, 'POST', '/api/popclips/carousels', {
      customer_id: SHOP_A,
      carousel_title: 'With a broken clip',
      carousel_type: 'custom',
      carousel_type_ids: [...ready.slice(0, 2), abandoned.clip.metaIdentifier],
    });
    expect(carousel.statusCode).toBe(400);
    expect(carousel.json().message).toBe(S.clipInterrupted);
    const list = await call(t, SHOP_A, 'GET', '/api/popclips/carousels');
    expect(list.json().data).toEqual([]);

    const share = await call(t, SHOP_A, 'POST', '/api/shopify/shop/popclips/share-gating', {
      metaIdentifier: abandoned.clip.metaIdentifier,
    });
    expect(share.statusCode).toBe(409);
    expect(share.json().message).toBe(S.clipInterrupted);
    const gating = await call(t, SHOP_A, 'GET', '/api/shopify/shop/popclips/share-gating');
    expect(gating.json().data.clips_shared).toEqual([]);
  });

  it('can be uploaded again: a new signed URL, back to uploading, then processing', async () => {
    const other = await call(t, SHOP_B, 'POST', '/api/media/csReupload', {
      metaIdentifier: abandoned.clip.metaIdentifier,
      fileName: 'again.mp4',
      fileMeta: { type: 'video/mp4', size: 500 },
    });
    expect(other.statusCode).toBe(404);

    const res = await call(t, SHOP_A, 'POST', '/api/media/csReupload', {
      metaIdentifier: abandoned.clip.metaIdentifier,
      fileName: 'again.mp4',
      fileMeta: { type: 'video/mp4', size: 500 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { uploadFileUrl, clip } = res.json();
    expect(clip).toMatchObject({ status: 'uploading', failureReason: null });
    expect(uploadFileUrl).not.toBe(abandoned.uploadFileUrl);
    const put = await putSigned(t, uploadFileUrl, Buffer.alloc(500, 1), 'video/mp4');
    expect(put.statusCode, put.body).toBe(200);
    const complete = await call(t, SHOP_A, 'POST', '/api/media/csUploadComplete', {
      metaIdentifier: abandoned.clip.metaIdentifier,
    });
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json().clip.status).toBe('processing');

    // A clip with its video is not re-uploaded (409, the state is kept).
    const again = await call(t, SHOP_A, 'POST', '/api/media/csReupload', {
      metaIdentifier: abandoned.clip.metaIdentifier,
      fileName: 'again.mp4',
      fileMeta: { type: 'video/mp4', size: 500 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(S.cannotReupload);
    expect(await statusOf(abandoned.clip.metaIdentifier)).toBe('processing');
  });

  it('an interrupted clip is deleted with its objects after a day, not before', async () => {
    const lost = await csUpload(
      t,
      SHOP_A,
      { size: 1000 },
      {
        thumbnail: { type: 'image/png', size: 200 },
      },
    );
    const [row] = await t.deps.database.db
      .select()
      .from(popclips)
      .where(eq(popclips.metaIdentifier, lost.clip.metaIdentifier));
    if (!row?.customThumbnailKey) throw new Error('no thumbnail key');
    // A partial upload left objects behind.
    await t.deps.media.putObject(row.originalKey, Buffer.alloc(10), { contentType: 'video/mp4' });
    await t.deps.media.putObject(row.customThumbnailKey, Buffer.alloc(10), {
      contentType: 'image/png',
    });
    overdue();
    await markInterruptedUploads(t.deps.database.db, t.clock.now());
    expect(await statusOf(lost.clip.metaIdentifier)).toBe('interrupted');

    t.clock.advance(23 * HOUR);
    expect(await deleteInterruptedClips(t.deps, t.clock.now())).toBe(0);
    t.clock.advance(HOUR + 1000);
    expect(await deleteInterruptedClips(t.deps, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect((await getClip(t, SHOP_A, lost.clip.metaIdentifier)).statusCode).toBe(404);
    expect(await t.deps.media.headObject(row.originalKey)).toBeNull();
    expect(await t.deps.media.headObject(row.customThumbnailKey)).toBeNull();
  });
});

describe('an empty video (issue 20 §11)', () => {
  it('is refused with a clear message, not a schema text', async () => {
    const res = await call(t, SHOP_A, 'POST', '/api/media/csUpload', {
      fileName: 'empty.mp4',
      fileMeta: { type: 'video/mp4', size: 0 },
      metaData: { videoTitle: 'Empty', products: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(S.videoEmpty);
    expect(res.body).not.toContain('Too small');
  });
});

describe('search on the server (spec 02 §7)', () => {
  it('finds every matching clip, 14 a page, whatever the list has loaded', async () => {
    for (let i = 0; i < 16; i++) {
      await csUpload(t, SHOP_A, { size: 1000 }, { title: `Needle ${i} 100%_off` });
    }
    await csUpload(t, SHOP_B, { size: 1000 }, { title: 'Needle of shop B' });
    const search = (query: string, shop = SHOP_A) =>
      call(t, shop, 'GET', `/api/popclips/search?shopifyDomain=${shop}&${query}`);
    const first = await search('searchValue=needle&page=1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toHaveLength(14);
    expect(first.json()).toMatchObject({ page: 1, hasNextPage: true });
    const second = (await search('searchValue=NEEDLE&page=2')).json();
    expect(second.data).toHaveLength(2);
    expect(second.hasNextPage).toBe(false);
    const titles = [...first.json().data, ...second.data].map(
      (c: { metaData: { videoTitle: string } }) => c.metaData.videoTitle,
    );
    expect(new Set(titles).size).toBe(16);
    expect(titles).not.toContain('Needle of shop B');
    // % and _ are literal.
    expect((await search('searchValue=0%25_o&size=20')).json().data).toHaveLength(16);
    expect((await search('searchValue=%25%25')).json().data).toHaveLength(0);
  });

  it('refuses another shop’s domain and bad pages with 4xx', async () => {
    const other = await call(
      t,
      SHOP_A,
      'GET',
      `/api/popclips/search?shopifyDomain=${SHOP_B}&searchValue=needle`,
    );
    expect(other.statusCode).toBe(403);
    const bad = await call(t, SHOP_A, 'GET', `/api/popclips/search?shopifyDomain=${SHOP_A}&page=0`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('deleting clips of a published custom carousel (issue 20 §13)', () => {
  it('unpublishes a carousel left under 3 clips and says which', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await csUpload(t, SHOP_A, { size: 1000 })).clip.metaIdentifier);
    const created = await call(t, SHOP_A, 'POST', '/api/popclips/carousels', {
      customer_id: SHOP_A,
      carousel_title: 'Three of a kind',
      carousel_type: 'custom',
      carousel_type_ids: ids,
      is_published: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const carouselId = created.json().data.carousel_id;
    const deleted = await call(t, SHOP_A, 'POST', '/api/media/csDeleteMedia', {
      id: SHOP_A,
      metaIdentifier: ids[0],
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().unpublishedCarousels).toEqual([
      { carousel_id: carouselId, carousel_title: 'Three of a kind' },
    ]);
    const list = (await call(t, SHOP_A, 'GET', '/api/popclips/carousels')).json().data;
    const carousel = list.find((c: { carousel_id: string }) => c.carousel_id === carouselId);
    expect(carousel).toMatchObject({ is_published: false, carousel_type_ids: ids.slice(1) });
    // It stays a draft until it has 3 clips again.
    const publish = await call(t, SHOP_A, 'POST', `/api/popclips/carousels/${carouselId}/publish`, {
      customer_id: SHOP_A,
    });
    expect(publish.statusCode).toBe(400);
    expect(publish.json().message).toBe(M.carouselTooFewClips);
    // Deleting another clip of the now unpublished carousel reports nothing new.
    const again = await call(t, SHOP_A, 'POST', '/api/media/csDeleteMedia', {
      id: SHOP_A,
      metaIdentifier: ids[1],
    });
    expect(again.json().unpublishedCarousels).toEqual([]);
  });
});
