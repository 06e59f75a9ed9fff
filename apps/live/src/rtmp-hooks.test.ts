import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtmpHooks } from './media/port';
import {
  createSeller,
  mountLive,
  scheduleShow,
  sellerCall,
  studioCall,
  type TestLive,
  testConnection,
} from './test/test-live';

/** The RTMP server as the service sees it: it is handed the hooks and says where OBS streams. */
let hooks: RtmpHooks | null = null;
let closed = false;
let db: Awaited<ReturnType<typeof testConnection>>;
let live: TestLive;

beforeAll(async () => {
  db = await testConnection();
  live = await mountLive(db.connection, {
    rtmp: {
      url: 'rtmp://live.test:1935/live',
      async start(given) {
        hooks = given;
        return {
          async close() {
            closed = true;
          },
        };
      },
    },
  });
});
afterAll(async () => {
  await live.app.close();
  await db.close();
});

describe('RTMP ingest hooks', () => {
  it('admits a show’s stream key while it is scheduled or live, takes it live, and ends it when OBS stops', async () => {
    const rtmp = hooks as RtmpHooks;
    expect(rtmp).not.toBeNull();
    const { sellerId, token } = await createSeller(live.app, 1);
    const show = await scheduleShow(live.app, sellerId);
    const base = `/v1/studio/${sellerId}/shows/${show.id}`;
    const { url, streamKey } = (await studioCall(live.app, token, 'GET', `${base}/rtmp`)).json();
    expect(url).toBe('rtmp://live.test:1935/live');

    expect(await rtmp.authorize('not-a-key')).toBeNull();
    expect(await rtmp.authorize(streamKey)).toBe(show.id);

    const session = live.media.media.startRtmp(show.id, `/live/${streamKey}`);
    rtmp.started(show.id, session);
    const get = async () =>
      (await sellerCall(live.app, 'GET', `/v1/sellers/${sellerId}/shows/${show.id}`)).json().show;
    await expect.poll(async () => (await get()).status).toBe('live');
    await expect
      .poll(async () => (await get()).playback)
      .toMatchObject({ hls: expect.stringMatching(/\/live\.m3u8$/), lowLatency: true });
    // Still live: a reconnecting encoder is admitted again.
    expect(await rtmp.authorize(streamKey)).toBe(show.id);

    live.clock.advance(65_000);
    rtmp.stopped(show.id);
    await expect.poll(async () => (await get()).replay?.durationSeconds).toBe(65);
    // Ended: the key opens nothing any more.
    expect(await rtmp.authorize(streamKey)).toBeNull();
  });

  it('stops the RTMP server with the service', async () => {
    await live.service.close();
    expect(closed).toBe(true);
  });
});
