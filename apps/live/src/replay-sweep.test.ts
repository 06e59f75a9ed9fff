import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSocket, openIngest } from './test/ingest-client';
import {
  createSeller,
  mountLive,
  scheduleShow,
  sellerCall,
  studioCall,
  type TestLive,
  testConnection,
} from './test/test-live';

let db: Awaited<ReturnType<typeof testConnection>>;
let live: TestLive;

beforeAll(async () => {
  db = await testConnection();
  live = await mountLive(db.connection);
});
afterAll(async () => {
  await live.app.close();
  await live.service.close();
  await db.close();
});

/** A show broadcast for `seconds` and ended: its replay made. */
async function broadcast(sellerId: string, token: string, seconds: number) {
  const show = await scheduleShow(live.app, sellerId);
  const base = `/v1/studio/${sellerId}/shows/${show.id}`;
  const { ingest } = (await studioCall(live.app, token, 'POST', `${base}/live`)).json();
  const ws = await openIngest(live.app, ingest, token);
  ws.send(Buffer.from('chunk'));
  await expect.poll(() => live.media.received.get(show.id)?.length ?? 0).toBe(1);
  live.clock.advance(seconds * 1000);
  await closeSocket(ws);
  expect((await studioCall(live.app, token, 'POST', `${base}/end`)).statusCode).toBe(200);
  return show.id;
}

describe('replay expiry', () => {
  it('deletes a replay’s media three months after the show and drops it from the list', async () => {
    const { sellerId, token } = await createSeller(live.app, 1);
    const old = await broadcast(sellerId, token, 30);
    live.clock.advance(40 * 24 * 3600 * 1000);
    const recent = await broadcast(sellerId, token, 20);
    const keysOf = (showId: string) =>
      [...live.storage.objects.keys()].filter((key) => key.startsWith(`shows/${showId}/`));
    expect(keysOf(old).length).toBeGreaterThan(1);

    // Just under three months after the first show ended: nothing goes.
    live.clock.set(Date.parse('2027-03-01T18:00:00Z'));
    expect(await live.service.sweepReplays()).toEqual([]);
    live.clock.advance(60_000);
    expect(await live.service.sweepReplays()).toEqual([old]);
    expect(keysOf(old)).toEqual([]);
    expect(keysOf(recent).length).toBeGreaterThan(1);

    const list = (await sellerCall(live.app, 'GET', `/v1/sellers/${sellerId}/shows`)).json().shows;
    expect(list.map((s: { id: string }) => s.id)).toEqual([recent]);
    const replay = await sellerCall(live.app, 'GET', `/v1/sellers/${sellerId}/shows/${old}/replay`);
    expect(replay.statusCode).toBe(404);
    const state = await live.app.inject({
      method: 'GET',
      url: `/live-service/v1/public/shows/${old}`,
    });
    expect(state.json()).toMatchObject({ status: 'ended', hls: null, mp4: null });
    // A second sweep finds nothing more to delete.
    expect(await live.service.sweepReplays()).toEqual([]);
  });
});
