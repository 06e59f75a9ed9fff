import { PRESENCE_TTL_SECONDS, VIEWER_MESSAGES } from '@popstage/core/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followEvents } from './test/sse-client';
import {
  createSeller,
  mountLive,
  scheduleShow,
  studioCall,
  type TestLive,
  testConnection,
} from './test/test-live';

let db: Awaited<ReturnType<typeof testConnection>>;
let live: TestLive;
let alice: Awaited<ReturnType<typeof createSeller>>;
let bob: Awaited<ReturnType<typeof createSeller>>;
let showId = '';
const P1 = 'gid://shopify/Product/1';
const P2 = 'gid://shopify/Product/2';

const studio = (path: string) => `/v1/studio/${alice.sellerId}/shows/${showId}${path}`;
const viewer = (method: 'GET' | 'POST', path: string, body?: object) =>
  live.app.inject({
    method,
    url: `/live-service/v1/public/shows/${showId}${path}`,
    ...(body ? { payload: body } : {}),
  });
const state = async () => (await viewer('GET', '')).json();

beforeAll(async () => {
  db = await testConnection();
  live = await mountLive(db.connection);
  alice = await createSeller(live.app, 1);
  bob = await createSeller(live.app, 2);
  showId = (await scheduleShow(live.app, alice.sellerId, [P1, P2])).id;
});
afterAll(async () => {
  await live.app.close();
  await live.service.close();
  await db.close();
});

describe('studio tokens', () => {
  it('refuses a missing token, another seller’s token, and another seller’s shows', async () => {
    const none = await live.app.inject({
      method: 'GET',
      url: `/live-service/v1/studio/${alice.sellerId}/shows`,
    });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toEqual(expect.any(String));
    // Bob's own token, on Alice's studio.
    const crossed = await studioCall(
      live.app,
      bob.token,
      'GET',
      `/v1/studio/${alice.sellerId}/shows`,
    );
    expect(crossed.statusCode).toBe(403);
    const crossedLive = await studioCall(live.app, bob.token, 'POST', studio('/live'));
    expect(crossedLive.statusCode).toBe(403);
    // Bob's token on his own studio path, naming Alice's show: not his.
    for (const path of ['', '/live', '/end', '/rtmp']) {
      const res = await studioCall(
        live.app,
        bob.token,
        path === '' || path === '/rtmp' ? 'GET' : 'POST',
        `/v1/studio/${bob.sellerId}/shows/${showId}${path}`,
      );
      expect(res.statusCode, path).toBe(404);
    }
    const bobs = await studioCall(live.app, bob.token, 'GET', `/v1/studio/${bob.sellerId}/shows`);
    expect(bobs.json()).toEqual({ storeName: 'Store 2', shows: [] });
    expect((await state()).status).toBe('scheduled');
  });

  it('serves the studio page with no secret in it, and its script', async () => {
    const page = await live.app.inject({
      method: 'GET',
      url: `/live-service/studio/${alice.sellerId}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Go live');
    expect(page.body).not.toContain(alice.token);
    const script = await live.app.inject({
      method: 'GET',
      url: '/live-service/studio-assets/studio.js',
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('MediaRecorder');
  });

  it('tells the studio its RTMP stream key (no URL when no RTMP server runs)', async () => {
    const rtmp = (await studioCall(live.app, alice.token, 'GET', studio('/rtmp'))).json();
    expect(rtmp).toEqual({ url: null, streamKey: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
  });
});

describe('selling during the show', () => {
  it('refuses pins and viewer chat before the show is live', async () => {
    const pin = await studioCall(live.app, alice.token, 'POST', studio('/pins'), { productId: P1 });
    expect(pin.statusCode).toBe(409);
    const chat = await viewer('POST', '/chat', {
      viewerId: 'viewer-aaaa',
      name: 'Sam',
      text: 'Hi',
    });
    expect(chat.statusCode).toBe(409);
    expect(chat.json().message).toBe(VIEWER_MESSAGES.notLive);
    expect((await studioCall(live.app, alice.token, 'POST', studio('/live'))).statusCode).toBe(200);
  });

  it('pins and unpins the show’s products on the timeline', async () => {
    live.clock.advance(10_000);
    const first = await studioCall(live.app, alice.token, 'POST', studio('/pins'), {
      productId: P1,
    });
    expect(first.json()).toEqual({
      pinned: P1,
      pins: [{ productId: P1, fromSeconds: 10, toSeconds: null }],
    });
    live.clock.advance(5_000);
    await studioCall(live.app, alice.token, 'POST', studio('/pins'), { productId: P2 });
    live.clock.advance(5_000);
    await studioCall(live.app, alice.token, 'POST', studio('/pins'), { productId: null });
    const after = await state();
    expect(after.pinned).toBeNull();
    expect(after.pins).toEqual([
      { productId: P1, fromSeconds: 10, toSeconds: 15 },
      { productId: P2, fromSeconds: 15, toSeconds: 20 },
    ]);
    const foreign = await studioCall(live.app, alice.token, 'POST', studio('/pins'), {
      productId: 'gid://shopify/Product/999',
    });
    expect(foreign.statusCode).toBe(400);
    expect((await state()).pins).toHaveLength(2);
  });

  it('hides a message and blocks a viewer (403 with the spec’s message), telling players', async () => {
    const events: unknown[] = [];
    const unsubscribe = await followEvents(live.app, showId, events);
    const post = (viewerId: string, text: string) =>
      viewer('POST', '/chat', { viewerId, name: 'Sam', text });
    const rude = await post('viewer-rude-1', 'buy elsewhere');
    expect(rude.statusCode).toBe(201);
    const kind = await post('viewer-kind-1', 'love it');
    const rudeId = rude.json().message.id;
    expect((await state()).chat.map((m: { text: string }) => m.text)).toEqual([
      'buy elsewhere',
      'love it',
    ]);

    expect(
      (await studioCall(live.app, alice.token, 'POST', studio(`/chat/${rudeId}/hide`))).statusCode,
    ).toBe(204);
    expect((await state()).chat.map((m: { id: string }) => m.id)).toEqual([kind.json().message.id]);
    await expect
      .poll(() => events, { timeout: 3000 })
      .toContainEqual({ type: 'chat-hidden', id: rudeId });

    const studioState = (await studioCall(live.app, alice.token, 'GET', studio(''))).json();
    expect(studioState.chat[0]).toMatchObject({ text: 'love it', viewerId: 'viewer-kind-1' });

    expect(
      (
        await studioCall(live.app, alice.token, 'POST', studio('/blocks'), {
          viewerId: 'viewer-rude-1',
        })
      ).statusCode,
    ).toBe(204);
    const blocked = await post('viewer-rude-1', 'again');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(VIEWER_MESSAGES.blocked);
    expect((await state()).chat).toHaveLength(1);

    const seller = await studioCall(live.app, alice.token, 'POST', studio('/chat'), {
      text: 'Welcome!',
    });
    expect(seller.json().message).toMatchObject({
      name: 'Store 1',
      seller: true,
      text: 'Welcome!',
    });
    await expect
      .poll(() => events, { timeout: 3000 })
      .toContainEqual({
        type: 'chat',
        message: expect.objectContaining({ text: 'Welcome!' }),
      });
    unsubscribe();
  });

  it('refuses bad viewer input with 400 JSON and stores nothing', async () => {
    const before = (await state()).chat.length;
    for (const body of [
      { viewerId: 'short', name: 'Sam', text: 'Hi' },
      { viewerId: 'viewer-ok-1', name: ' ', text: 'Hi' },
      { viewerId: 'viewer-ok-1', name: 'Sam', text: 'x'.repeat(301) },
      { viewerId: 'viewer-ok-1', name: 'Sam', text: 'Hi', seller: true },
    ]) {
      const res = await viewer('POST', '/chat', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request' });
    }
    expect((await state()).chat).toHaveLength(before);
    const unknown = await live.app.inject({
      method: 'GET',
      url: '/live-service/v1/public/shows/show_nope',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(VIEWER_MESSAGES.showNotFound);
  });

  it('counts viewers seen within the presence window', async () => {
    const beat = (viewerId: string) => viewer('POST', '/presence', { viewerId });
    expect((await beat('viewer-one-1')).statusCode).toBe(204);
    await beat('viewer-two-2');
    await beat('viewer-one-1');
    expect((await state()).viewers).toBe(2);
    live.clock.advance((PRESENCE_TTL_SECONDS - 5) * 1000);
    await beat('viewer-two-2');
    live.clock.advance(10_000);
    // viewer-one's last heartbeat is now older than the window.
    expect((await state()).viewers).toBe(1);
    live.clock.advance(PRESENCE_TTL_SECONDS * 1000);
    expect((await state()).viewers).toBe(0);
  });

  it('answers CORS for any origin without cookies', async () => {
    const res = await live.app.inject({
      method: 'OPTIONS',
      url: `/live-service/v1/public/shows/${showId}/chat`,
      headers: {
        origin: 'https://shop.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('limits each address’s chat messages', async () => {
    let last = 0;
    for (let i = 0; i < 25; i++) {
      last = (await viewer('POST', '/chat', { viewerId: 'viewer-flood', name: 'F', text: `m${i}` }))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});
