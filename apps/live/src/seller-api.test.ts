import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveConnection } from './db/database';
import { closeSocket, openIngest } from './test/ingest-client';
import {
  API_KEY,
  BASE,
  createSeller,
  mountLive,
  scheduleShow,
  sellerCall,
  sellerPayload,
  studioCall,
  type TestLive,
  testConnection,
} from './test/test-live';

const P1 = 'gid://shopify/Product/1';
const P2 = 'gid://shopify/Product/2';

let db: Awaited<ReturnType<typeof testConnection>>;
let live: TestLive;

/** Rows of a live table, straight from the database (what the service stored). */
async function count(connection: LiveConnection, table: 'sellers' | 'shows') {
  const query = `select count(*)::int as n from live.${table}`;
  if (connection.kind === 'pglite') {
    const result = await (connection.client as PGlite).query<{ n: number }>(query);
    return result.rows[0]?.n ?? 0;
  }
  const result = await connection.pool.query<{ n: number }>(query);
  return result.rows[0]?.n ?? 0;
}

beforeAll(async () => {
  db = await testConnection();
  live = await mountLive(db.connection);
});
afterAll(async () => {
  await live.app.close();
  await live.service.close();
  await db.close();
});

describe('seller API', () => {
  it('refuses a call without the API key or with another key (401 JSON)', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${API_KEY}`, API_KEY]) {
      const res = await live.app.inject({
        method: 'POST',
        url: '/live-service/v1/sellers',
        headers: { 'idempotency-key': 'k', ...(authorization ? { authorization } : {}) },
        payload: sellerPayload(1),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'Unauthorized', message: expect.any(String) });
    }
    expect(await count(db.connection, 'sellers')).toBe(0);
    const list = await live.app.inject({ method: 'GET', url: '/live-service/v1/sellers/x/shows' });
    expect(list.statusCode).toBe(401);
  });

  it('creates a seller once per idempotency key, and refuses another shop’s email or phone', async () => {
    const first = await createSeller(live.app, 7);
    const again = await sellerCall(live.app, 'POST', '/v1/sellers', sellerPayload(7), {
      'idempotency-key': 'key-7',
    });
    expect(again.json().sellerId).toBe(first.sellerId);
    expect(first.dashboardUrl).toMatch(new RegExp(`^${BASE}/studio/${first.sellerId}#key=.{20,}`));
    expect(await count(db.connection, 'sellers')).toBe(1);

    const sameEmail = await sellerCall(
      live.app,
      'POST',
      '/v1/sellers',
      { ...sellerPayload(8), email: 'OWNER7@example.com' },
      { 'idempotency-key': 'key-8' },
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: 'email_in_use' });
    const samePhone = await sellerCall(
      live.app,
      'POST',
      '/v1/sellers',
      { ...sellerPayload(8), phoneNumber: sellerPayload(7).phoneNumber },
      { 'idempotency-key': 'key-8' },
    );
    expect(samePhone.json()).toMatchObject({ code: 'phone_in_use' });
    expect(await count(db.connection, 'sellers')).toBe(1);
  });

  it('answers bad input with 400 JSON and stores nothing', async () => {
    const noKey = await sellerCall(live.app, 'POST', '/v1/sellers', sellerPayload(9));
    expect(noKey.statusCode).toBe(400);
    const noEmail = await sellerCall(
      live.app,
      'POST',
      '/v1/sellers',
      { ...sellerPayload(9), email: undefined },
      { 'idempotency-key': 'key-9' },
    );
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ error: 'Bad Request', message: expect.any(String) });
    const broken = await live.app.inject({
      method: 'POST',
      url: '/live-service/v1/sellers',
      headers: {
        authorization: `Bearer ${API_KEY}`,
        'content-type': 'application/json',
        'idempotency-key': 'key-9',
      },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('Bad Request');
    expect(await count(db.connection, 'sellers')).toBe(1);

    const { sellerId } = await createSeller(live.app, 10);
    const before = await count(db.connection, 'shows');
    for (const body of [
      { title: '', startsAt: '2026-12-01T18:00:00Z', productIds: [] },
      { title: 'x', startsAt: 'tomorrow', productIds: [] },
      { title: 'x', startsAt: '2026-12-01T18:00:00Z', productIds: ['1', '2', '3', '4', '5', '6'] },
      { title: 'x', startsAt: '2026-12-01T18:00:00Z', productIds: [], extra: true },
    ]) {
      const res = await sellerCall(live.app, 'POST', `/v1/sellers/${sellerId}/shows`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const unknown = await sellerCall(live.app, 'POST', '/v1/sellers/seller_nope/shows', {
      title: 'x',
      startsAt: '2026-12-01T18:00:00Z',
      productIds: [],
    });
    expect(unknown.statusCode).toBe(404);
    expect(await count(db.connection, 'shows')).toBe(before);
  });

  it('stores the products’ titles and pictures and answers them to the seller and the studio', async () => {
    const { sellerId, token } = await createSeller(live.app, 12);
    const products = [
      { id: P1, title: 'Wool scarf', imageUrl: 'https://cdn.shopify.com/s/files/scarf.jpg?v=1' },
      { id: P2, title: P2, imageUrl: null },
    ];
    const res = await sellerCall(live.app, 'POST', `/v1/sellers/${sellerId}/shows`, {
      title: 'Winter drop',
      startsAt: '2026-12-01T18:30:00Z',
      productIds: [P1, P2],
      products,
    });
    expect(res.statusCode, res.body).toBe(201);
    const show = res.json().show;
    expect(show).toMatchObject({ productIds: [P1, P2], products });
    const got = await sellerCall(live.app, 'GET', `/v1/sellers/${sellerId}/shows/${show.id}`);
    expect(got.json().show.products).toEqual(products);
    const studio = await studioCall(live.app, token, 'GET', `/v1/studio/${sellerId}/shows`);
    expect(studio.json().shows).toEqual([expect.objectContaining({ id: show.id, products })]);

    // An app that sends only productIds (before the snapshot) gets its products named by id.
    const bare = await scheduleShow(live.app, sellerId, [P2]);
    const list = (await sellerCall(live.app, 'GET', `/v1/sellers/${sellerId}/shows`)).json().shows;
    expect(list.find((s: { id: string }) => s.id === bare.id).products).toEqual([
      { id: P2, title: P2, imageUrl: null },
    ]);
  });

  it('refuses a bad product snapshot with 400 JSON and stores no show', async () => {
    const { sellerId } = await createSeller(live.app, 13);
    const before = await count(db.connection, 'shows');
    const product = (id: string, extra: Record<string, unknown> = {}) => ({
      id,
      title: `Product ${id}`,
      imageUrl: 'https://cdn.shopify.com/p.jpg',
      ...extra,
    });
    const six = ['1', '2', '3', '4', '5', '6'];
    const bad: [string[], unknown][] = [
      [[P1], [product(P1, { title: 'x'.repeat(256) })]],
      [[P1], [product(P1, { title: '   ' })]],
      [[P1], [product(P1, { imageUrl: 'javascript:alert(1)' })]],
      [[P1], [product(P1, { imageUrl: 'ftp://cdn.example.com/p.jpg' })]],
      [[P1], [product(P1, { imageUrl: 'not a url' })]],
      [[P1], [product(P1, { imageUrl: undefined })]],
      [[P1], [product(P1, { price: '10.00' })]],
      [[P1], [product(P2)]],
      [
        [P1, P2],
        [product(P2), product(P1)],
      ],
      [[P1, P2], [product(P1)]],
      [[P1], [product(P1), product(P2)]],
      [[], [product(P1)]],
      [six.slice(0, 5), six.map((id) => product(id))],
      [[P1], 'Wool scarf'],
      [[P1], [null]],
    ];
    for (const [productIds, products] of bad) {
      const body = { title: 'x', startsAt: '2026-12-01T18:00:00Z', productIds, products };
      const res = await sellerCall(live.app, 'POST', `/v1/sellers/${sellerId}/shows`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request', message: expect.any(String) });
    }
    expect(await count(db.connection, 'shows')).toBe(before);
  });

  it("deletes a seller with every show and its video (shop/redact), and leaves other sellers' alone", async () => {
    const gone = await createSeller(live.app, 21);
    const kept = await createSeller(live.app, 22);
    const [show, other] = [
      await scheduleShow(live.app, gone.sellerId),
      await scheduleShow(live.app, kept.sellerId),
    ];
    for (const id of [show.id, other.id]) {
      await live.storage.storage.put(`shows/${id}/live/a.ts`, Buffer.from('segment'), {
        contentType: 'video/mp2t',
        cacheControl: 'public',
      });
    }
    const path = `/v1/sellers/${gone.sellerId}`;
    const refused = await live.app.inject({ method: 'DELETE', url: `/live-service${path}` });
    expect(refused.statusCode).toBe(401);
    expect(live.storage.objects.has(`shows/${show.id}/live/a.ts`)).toBe(true);

    expect((await sellerCall(live.app, 'DELETE', path)).statusCode).toBe(204);
    expect((await sellerCall(live.app, 'GET', `${path}/shows`)).statusCode).toBe(404);
    expect(live.storage.objects.has(`shows/${show.id}/live/a.ts`)).toBe(false);
    // Done again (a retried redaction): nothing left, still 204.
    expect((await sellerCall(live.app, 'DELETE', path)).statusCode).toBe(204);
    const others = await sellerCall(live.app, 'GET', `/v1/sellers/${kept.sellerId}/shows`);
    expect(others.json().shows.map((s: { id: string }) => s.id)).toEqual([other.id]);
    expect(live.storage.objects.has(`shows/${other.id}/live/a.ts`)).toBe(true);
  });

  it('takes a show from scheduled through live to ended with its replay', async () => {
    const { sellerId, token } = await createSeller(live.app, 11);
    const show = await scheduleShow(live.app, sellerId);
    const get = async () =>
      (await sellerCall(live.app, 'GET', `/v1/sellers/${sellerId}/shows/${show.id}`)).json().show;
    expect(await get()).toMatchObject({ status: 'scheduled', playback: null, replay: null });
    const noReplay = await sellerCall(
      live.app,
      'GET',
      `/v1/sellers/${sellerId}/shows/${show.id}/replay`,
    );
    expect(noReplay.statusCode).toBe(404);

    const started = await studioCall(
      live.app,
      token,
      'POST',
      `/v1/studio/${sellerId}/shows/${show.id}/live`,
    );
    expect(started.statusCode, started.body).toBe(200);
    const ingest = started.json().ingest as string;
    const path = `/live-service/v1/studio/${sellerId}/shows/${show.id}/ingest`;
    expect(ingest).toMatch(new RegExp(`^ws://live.test${path}\\?ticket=\\d+\\.[\\w-]{40,}$`));
    // The socket refuses no ticket, a forged one, another show's, and an expired one.
    const bare = ingest.replace(/\?.*$/, '');
    await expect(openIngest(live.app, bare)).rejects.toThrow(/403/);
    const ticket = new URL(ingest).searchParams.get('ticket') ?? '';
    const [expires] = ticket.split('.');
    await expect(openIngest(live.app, `${bare}?ticket=${expires}.forged`)).rejects.toThrow(/403/);
    const other = await scheduleShow(live.app, sellerId);
    await expect(
      openIngest(live.app, `${bare.replace(show.id, other.id)}?ticket=${ticket}`),
    ).rejects.toThrow(/403/);
    live.clock.advance(121_000);
    await expect(openIngest(live.app, ingest)).rejects.toThrow(/403/);
    const fresh = await studioCall(
      live.app,
      token,
      'POST',
      `/v1/studio/${sellerId}/shows/${show.id}/live`,
    );

    const ws = await openIngest(live.app, fresh.json().ingest);
    ws.send(Buffer.from('webm-chunk-1'));
    ws.send(Buffer.from('webm-chunk-2'));
    // While live, players get the service's blocking playlist route (LL-HLS), not storage's URL.
    await expect
      .poll(async () => (await get()).playback, { timeout: 5000 })
      .toMatchObject({
        hls: `${BASE}/v1/public/shows/${show.id}/live.m3u8`,
        mp4: null,
        lowLatency: true,
      });
    expect(Buffer.concat(live.media.received.get(show.id) ?? []).toString()).toBe(
      'webm-chunk-1webm-chunk-2',
    );
    const playlist = await live.app.inject({
      method: 'GET',
      url: `/live-service/media/shows/${show.id}/live/index.m3u8`,
    });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('public, max-age=1');

    live.clock.advance(42_000);
    await closeSocket(ws);
    const ended = await studioCall(
      live.app,
      token,
      'POST',
      `/v1/studio/${sellerId}/shows/${show.id}/end`,
    );
    expect(ended.statusCode, ended.body).toBe(200);
    const after = await get();
    expect(after).toMatchObject({
      status: 'ended',
      replay: { durationSeconds: 42, expiresAt: '2027-03-01T18:02:43.000Z' },
      playback: {
        publicApi: `${BASE}/v1/public/shows/${show.id}`,
        hls: `${BASE}/media/shows/${show.id}/replay/index.m3u8`,
        mp4: `${BASE}/media/shows/${show.id}/replay.mp4`,
        lowLatency: false,
      },
    });
    const replay = await sellerCall(
      live.app,
      'GET',
      `/v1/sellers/${sellerId}/shows/${show.id}/replay`,
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['content-type']).toBe('video/mp4');
    expect(replay.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    const segment = await live.app.inject({
      method: 'GET',
      url: `/live-service/media/shows/${show.id}/replay.mp4`,
    });
    expect(segment.headers['cache-control']).toContain('immutable');
    const outside = await live.app.inject({
      method: 'GET',
      url: '/live-service/media/shows/x/../../etc/passwd.mp4',
    });
    expect(outside.statusCode).toBeGreaterThanOrEqual(400);

    // Ended is final: no second End, no going live again.
    const twice = await studioCall(
      live.app,
      token,
      'POST',
      `/v1/studio/${sellerId}/shows/${show.id}/end`,
    );
    expect(twice.statusCode).toBe(409);
    const relive = await studioCall(
      live.app,
      token,
      'POST',
      `/v1/studio/${sellerId}/shows/${show.id}/live`,
    );
    expect(relive.statusCode).toBe(409);

    const list = (await sellerCall(live.app, 'GET', `/v1/sellers/${sellerId}/shows`)).json().shows;
    expect(list.map((s: { id: string }) => s.id).sort()).toEqual([show.id, other.id].sort());
  });
});
