import { request as httpRequest } from 'node:http';
import { VIEWER_MESSAGES } from '@popstage/core/live';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showMediaKeys } from './media/port';
import { listening, openIngest } from './test/ingest-client';
import {
  BASE,
  createSeller,
  mountLive,
  scheduleShow,
  studioCall,
  type TestLive,
  testConnection,
} from './test/test-live';

let db: Awaited<ReturnType<typeof testConnection>>;
let live: TestLive;
let seller: Awaited<ReturnType<typeof createSeller>>;
let otherSeller: Awaited<ReturnType<typeof createSeller>>;
let showId = '';
let otherId = '';
const reads = new Map<string, number>();

/** A live LL-HLS playlist as the packager stores it: segment `last` complete, `open` parts after. */
const playlist = (last: number, open: number, options: { ended?: boolean; target?: number } = {}) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    `#EXT-X-TARGETDURATION:${options.target ?? 1}`,
    '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.000',
    '#EXT-X-PART-INF:PART-TARGET=0.500',
    `#EXT-X-MEDIA-SEQUENCE:${last}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXTINF:1.000000,',
    `https://cdn/shows/s/live/ab-${last}.ts`,
    ...Array.from(
      { length: open },
      (_, i) =>
        `#EXT-X-PART:DURATION=0.433333,URI="https://cdn/shows/s/live/ab-${last + 1}.${i}.ts"`,
    ),
    ...(options.ended ? ['#EXT-X-ENDLIST'] : []),
    '',
  ].join('\n');

const key = (id: string) => showMediaKeys(id).livePlaylist;
const store = (id: string, text: string) =>
  live.storage.storage.put(key(id), Buffer.from(text), {
    contentType: 'application/vnd.apple.mpegurl',
    cacheControl: 'public, max-age=1',
  });
const readsOf = (id: string) => reads.get(key(id)) ?? 0;
const path = (id: string, query = '') => `/live-service/v1/public/shows/${id}/live.m3u8${query}`;
const get = (id: string, query = '', remoteAddress?: string) =>
  live.app.inject({ method: 'GET', url: path(id, query), ...(remoteAddress && { remoteAddress }) });

/** A request that must still be held: it answers only after `write`, never before it. */
async function heldUntil(response: Promise<LightMyRequestResponse>, id: string, write: string) {
  let answered = false;
  void response.then(() => {
    answered = true;
  });
  // The route's own read and the watch's first are done: the request is waiting.
  const seen = readsOf(id);
  await expect.poll(() => readsOf(id)).toBeGreaterThan(seen + 1);
  expect(answered).toBe(false);
  await store(id, write);
  return response;
}

/** Takes a show live through the studio; the fake packager stores its first playlist. */
async function goLive(id: string, owner = seller) {
  const started = await studioCall(
    live.app,
    owner.token,
    'POST',
    `/v1/studio/${owner.sellerId}/shows/${id}/live`,
  );
  const ws = await openIngest(live.app, started.json().ingest);
  ws.send(Buffer.from('webm-chunk'));
  await expect
    .poll(async () => (await live.app.inject(`/live-service/v1/public/shows/${id}`)).json().hls)
    .toBe(`${BASE}/v1/public/shows/${id}/live.m3u8`);
  return ws;
}

beforeAll(async () => {
  db = await testConnection();
  live = await mountLive(db.connection);
  const open = live.storage.storage.open.bind(live.storage.storage);
  live.storage.storage.open = (name) => {
    reads.set(name, (reads.get(name) ?? 0) + 1);
    return open(name);
  };
  seller = await createSeller(live.app, 1);
  showId = (await scheduleShow(live.app, seller.sellerId)).id;
  // A seller is live with one show at a time: the other show is another seller's.
  otherSeller = await createSeller(live.app, 2);
  otherId = (await scheduleShow(live.app, otherSeller.sellerId)).id;
});
afterAll(async () => {
  await live.app.close();
  await live.service.close();
  await db.close();
});

describe('live playlist route', () => {
  it('is 404 for an unknown show and for a show not streaming', async () => {
    const unknown = await get('show_nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(VIEWER_MESSAGES.showNotFound);
    for (const id of ['..%2F..%2Fetc', encodeURIComponent('show_nope" OR 1=1')]) {
      expect((await get(id)).statusCode, id).toBe(404);
    }
    // A NUL, which Postgres text cannot hold: refused, not a failed query (500).
    for (const id of ['%00', 'a%00b']) {
      expect((await get(id)).statusCode, id).toBe(400);
      expect((await live.app.inject(`/live-service/v1/public/shows/${id}`)).statusCode, id).toBe(
        400,
      );
    }
    const scheduled = await get(showId, '?_HLS_msn=0');
    expect(scheduled.statusCode).toBe(404);
    expect(scheduled.headers['cache-control']).toBe('no-store');
    expect(scheduled.json()).toMatchObject({ error: 'Not Found', message: expect.any(String) });
  });

  it('answers the stored playlist now without directives, and a state pointing at it', async () => {
    await goLive(showId);
    const state = (await live.app.inject(`/live-service/v1/public/shows/${showId}`)).json();
    expect(state).toMatchObject({ status: 'live', lowLatency: true });
    // The fake packager's first playlist: no segment yet.
    const first = await get(showId);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('#EXTM3U\n#EXT-X-TARGETDURATION:1\n');

    await store(showId, playlist(12, 1));
    const now = await get(showId);
    expect(now.statusCode).toBe(200);
    expect(now.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(now.headers['cache-control']).toBe('public, max-age=1');
    expect(now.headers['access-control-allow-origin']).toBe('*');
    expect(now.body).toBe(playlist(12, 1));
  });

  it('refuses bad directives with 400 in the service’s error shape', async () => {
    for (const query of [
      '?_HLS_msn=-1',
      '?_HLS_msn=abc',
      '?_HLS_msn=',
      '?_HLS_msn=1.5',
      '?_HLS_msn=1e3',
      '?_HLS_msn=99999999999',
      '?_HLS_part=0',
      '?_HLS_msn=12&_HLS_part=-1',
      '?_HLS_msn=12&_HLS_part=x',
      '?_HLS_msn=12&_HLS_msn=13',
      '?_HLS_msn=12&_HLS_skip=NO',
    ]) {
      const res = await get(showId, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({
        error: 'Bad Request',
        message: expect.any(String),
      });
    }
  });

  it('answers a request the playlist already satisfies at once, shareable by a CDN', async () => {
    for (const query of [
      '?_HLS_msn=12',
      '?_HLS_msn=3',
      '?_HLS_msn=13&_HLS_part=0',
      '?_HLS_msn=12&_HLS_part=7&_HLS_skip=YES',
      '?_HLS_msn=12&_HLS_skip=v2',
    ]) {
      const res = await get(showId, query);
      expect(res.statusCode, query).toBe(200);
      expect(res.headers['cache-control'], query).toBe('public, max-age=6');
      expect(res.body, query).toBe(playlist(12, 1));
    }
  });

  it('refuses a segment more than two past the live edge, and holds one up to two past', async () => {
    const far = await get(showId, '?_HLS_msn=15');
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toMatch(/too far/);
    expect((await get(showId, '?_HLS_msn=4294967295&_HLS_part=0')).statusCode).toBe(400);
    const twoPast = await heldUntil(
      get(showId, '?_HLS_msn=14&_HLS_part=3'),
      showId,
      playlist(14, 0),
    );
    expect(twoPast.statusCode).toBe(200);
    expect(twoPast.body).toBe(playlist(14, 0));
  });

  it('holds each viewer until the playlist has its part: one write wakes only whom it satisfies', async () => {
    await store(showId, playlist(20, 0));
    const first = get(showId, '?_HLS_msn=21&_HLS_part=0');
    const second = get(showId, '?_HLS_msn=21&_HLS_part=1');
    const answered = await heldUntil(first, showId, playlist(20, 1));
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toBe(playlist(20, 1));
    expect(answered.headers['cache-control']).toBe('public, max-age=6');
    expect(answered.headers['access-control-allow-origin']).toBe('*');
    const later = await heldUntil(second, showId, playlist(20, 2));
    expect(later.body).toBe(playlist(20, 2));
  });

  it('keeps shows apart: another show’s writes answer none of this one’s viewers', async () => {
    await goLive(otherId, otherSeller);
    await store(otherId, playlist(20, 0));
    const other = get(otherId, '?_HLS_msn=21&_HLS_part=0');
    // This show's playlist has part 21.0 and more: it is not the other show's.
    await store(showId, playlist(21, 0));
    const answered = await heldUntil(other, otherId, playlist(20, 1));
    expect(answered.body).toBe(playlist(20, 1));
  });

  it('answers an ended playlist at once, whatever was asked', async () => {
    await store(showId, playlist(30, 0, { ended: true }));
    const res = await get(showId, '?_HLS_msn=99&_HLS_part=4');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(playlist(30, 0, { ended: true }));
  });

  it('answers 503 when the playlist does not get there within 3 target durations', async () => {
    await store(showId, playlist(40, 0));
    const res = await get(showId, '?_HLS_msn=41');
    expect(res.statusCode).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ error: 'Service Unavailable' });
  });

  it('stops waiting when the player disconnects mid-wait', async () => {
    // A 30 s target: the request would be held 90 s, so reads ending sooner are the disconnect's.
    await store(showId, playlist(50, 0, { target: 30 }));
    const [host, port] = (await listening(live.app)).split(':');
    const client = httpRequest({ host, port: Number(port), path: path(showId, '?_HLS_msn=51') });
    client.on('error', () => {});
    client.end();
    const seen = readsOf(showId);
    await expect.poll(() => readsOf(showId)).toBeGreaterThan(seen + 1);
    client.destroy();
    // The show's poll stops: no read for a while, over many poll intervals.
    await expect
      .poll(async () => {
        const before = readsOf(showId);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return readsOf(showId) - before;
      })
      .toBe(0);
  });

  it('has its own rate limit, high enough for a player reloading three times a second', async () => {
    const address = '203.0.113.7';
    for (let i = 0; i < 600; i++) {
      const res = await get(showId, '', address);
      if (res.statusCode !== 200) throw new Error(`request ${i}: ${res.statusCode}`);
    }
    expect((await get(showId, '', address)).statusCode).toBe(429);
    // The other public routes count apart (240 a minute): the state still answers.
    const state = await live.app.inject({
      method: 'GET',
      url: `/live-service/v1/public/shows/${showId}`,
      remoteAddress: address,
    });
    expect(state.statusCode).toBe(200);
  });
});
