import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followEvents } from './test/sse-client';
import {
  createSeller,
  mountLive,
  scheduleShow,
  studioCall,
  type TestLive,
  testClock,
  testConnection,
} from './test/test-live';

/**
 * Two service instances on one database stand for two web processes behind a load balancer:
 * what the seller does through one reaches players connected to the other.
 */
let db: Awaited<ReturnType<typeof testConnection>>;
let one: TestLive;
let two: TestLive;

beforeAll(async () => {
  db = await testConnection();
  const clock = testClock();
  one = await mountLive(db.connection, { clock });
  two = await mountLive(db.connection, { clock });
});
afterAll(async () => {
  for (const live of [one, two]) {
    await live.app.close();
    await live.service.close();
  }
  await db.close();
});

describe('SSE fan-out across processes', () => {
  it('delivers a show’s events to players on another process, in order', async () => {
    const { sellerId, token } = await createSeller(one.app, 1);
    const show = await scheduleShow(one.app, sellerId);
    const onTwo: unknown[] = [];
    const onOne: unknown[] = [];
    const stopTwo = await followEvents(two.app, show.id, onTwo);
    const stopOne = await followEvents(one.app, show.id, onOne);
    const base = `/v1/studio/${sellerId}/shows/${show.id}`;

    await studioCall(one.app, token, 'POST', `${base}/live`);
    await studioCall(one.app, token, 'POST', `${base}/pins`, {
      productId: 'gid://shopify/Product/1',
    });
    const chat = await two.app.inject({
      method: 'POST',
      url: `/live-service/v1/public/shows/${show.id}/chat`,
      payload: { viewerId: 'viewer-abc-1', name: 'Sam', text: 'Hello' },
    });
    expect(chat.statusCode).toBe(201);
    await studioCall(one.app, token, 'POST', `${base}/end`);

    const expected = [
      { type: 'status', status: 'live', hls: null, mp4: null },
      { type: 'pin', pinned: 'gid://shopify/Product/1', pins: [expect.any(Object)] },
      { type: 'chat', message: expect.objectContaining({ text: 'Hello', seller: false }) },
      { type: 'pin', pinned: null, pins: [expect.objectContaining({ toSeconds: 0 })] },
      { type: 'status', status: 'ended', hls: null, mp4: null },
    ];
    await expect.poll(() => onTwo.length, { timeout: 5000 }).toBe(expected.length);
    expect(onTwo).toEqual(expected);
    await expect.poll(() => onOne.length, { timeout: 5000 }).toBe(expected.length);
    expect(onOne).toEqual(onTwo);
    stopOne();
    stopTwo();
  });

  it('refuses events of a show that does not exist', async () => {
    await expect(followEvents(two.app, 'show_nope', [])).rejects.toThrow(/404/);
  });
});
