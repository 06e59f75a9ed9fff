import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateClip } from '@popstage/testkit/clip';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popclips } from '../../db/schema';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { mediaPath, uploadClip } from '../../test/popclips';

let t: TestApp;
let dir: string;
let heavy: Buffer;

beforeAll(async () => {
  t = await createTestApp({ STOREFRONT_RATE_LIMIT: '1000' });
  dir = await mkdtemp(path.join(tmpdir(), 'popstage-renditions-test-'));
  // A phone's upload in miniature: H.264 at 5 Mbit/s, far above the 540p rung's caps.
  heavy = await readFile(
    await generateClip(path.join(dir, 'heavy.mp4'), {
      seconds: 2,
      width: 540,
      height: 960,
      video: 'h264',
      audio: 'aac',
      container: 'mp4',
      videoBitRate: '5M',
    }),
  );
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const row = async (metaIdentifier: string) =>
  (
    await t.deps.database.db
      .select()
      .from(popclips)
      .where(eq(popclips.metaIdentifier, metaIdentifier))
  )[0];

describe('renditions for shoppers (issue 19)', () => {
  let metaIdentifier: string;

  it('stores the ladder, loop and WebP poster; the clip first plays from its remux, which no rung is', async () => {
    const { created } = await uploadClip(t, SHOP_A, heavy);
    metaIdentifier = created.clip.metaIdentifier;
    await t.runJobs();
    const stored = await row(metaIdentifier);
    expect(stored?.status).toBe('processed');
    expect(stored?.playableKey).toMatch(/\/playable\.mp4$/);
    expect(stored?.renditions.map((r) => `${r.width}x${r.height}`)).toEqual(['360x640', '540x960']);
    // H.264 plays as it is: the merchant's playable file is the remux (issue 29), and shoppers
    // get only the capped rungs.
    expect(stored?.renditions.map((r) => r.key)).not.toContain(stored?.playableKey);
    expect(stored?.loopKey).toMatch(/\/loop\.mp4$/);
    expect(stored?.posterKey).toMatch(/\/poster\.webp$/);
    // At most a rung's cap (540p: 1.2 Mbit/s) plus its VBV buffer (twice that) spent over the
    // 2 s clip, with room for the audio and index: half the 5 Mbit/s source.
    for (const rendition of stored?.renditions ?? []) {
      expect(rendition.bitsPerSecond).toBeLessThan(2_500_000);
    }
  });

  it('the feed and the share page give shoppers renditions, never the original', async () => {
    const feed = await t.app.inject({ method: 'GET', url: `/storefront/v1/shops/${SHOP_A}/feed` });
    expect(feed.statusCode, feed.body).toBe(200);
    const clip = feed.json().clips.find((c: { id: string }) => c.id === metaIdentifier);
    expect(clip.sources.map((s: { width: number }) => s.width)).toEqual([360, 540]);
    expect(clip.videoUrl).toContain('rendition-540p.mp4');
    expect(clip.previewUrl).toContain('loop.mp4');
    expect(clip.posterUrl).toContain('poster.webp');
    expect(feed.body).not.toContain('original-');
    const loop = await t.app.inject({ method: 'GET', url: mediaPath(clip.previewUrl) });
    expect(loop.headers['content-type']).toBe('video/mp4');
    expect(loop.rawPayload.length).toBeLessThanOrEqual(150_000);

    const shared = await call(t, SHOP_A, 'POST', '/api/shopify/shop/popclips/share-gating', {
      metaIdentifier,
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(shared.json().data.link.url).pathname,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('rendition-540p.mp4');
    expect(page.body).toContain('poster.webp');
    expect(page.body).not.toContain('original-');
  });

  it("another shop's feed lists none of them", async () => {
    const feed = await t.app.inject({ method: 'GET', url: `/storefront/v1/shops/${SHOP_B}/feed` });
    expect(feed.body).not.toContain(metaIdentifier);
  });

  it('deleting the clip removes every rendition, the loop and the poster', async () => {
    const stored = await row(metaIdentifier);
    const deleted = await call(t, SHOP_A, 'POST', '/api/media/csDeleteMedia', {
      id: SHOP_A,
      metaIdentifier,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const keys = [
      ...(stored?.renditions ?? []).map((r) => r.key),
      stored?.loopKey,
      stored?.posterKey,
    ];
    for (const key of keys) expect(await t.deps.media.headObject(key as string)).toBeNull();
  });
});
