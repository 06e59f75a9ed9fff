import { createServer } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { buildSellerPayload } from '@popstage/core/account';
import { type LiveService, openLiveService } from '@popstage/live';
import { closeSocket, connectIngest, fakeMedia, memoryStorage } from '@popstage/live/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpLivePlatform } from './http-live-platform';
import { LivePlatformError } from './port';

/**
 * The HTTP adapter against the real live service (@popstage/live) listening on a port: sellers,
 * shows, one show, and the replay's bytes, as the app calls them.
 */
let app: FastifyInstance;
let service: LiveService;
let client: PGlite;
let origin = '';
let now = Date.parse('2026-11-26T18:00:00Z');
const KEY = 'live-key';

beforeAll(async () => {
  client = await PGlite.create('memory://');
  // The service's public address comes first (its links name it), then it listens there.
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const base = `${origin}/live-service`;
  service = await openLiveService(
    { kind: 'pglite', client },
    {
      baseUrl: base,
      apiKey: KEY,
      secret: 'studio-secret',
      media: fakeMedia(memoryStorage(`${base}/media`).storage, { now: () => now }).media,
      now: () => now,
      sweepEveryMs: 0,
    },
  );
  app = Fastify();
  await app.register(service.plugin, { prefix: '/live-service' });
  await app.listen({ port, host: '127.0.0.1' });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    probe.on('error', reject);
  });
}
afterAll(async () => {
  await app.close();
  await service.close();
  await client.close();
});

const payload = buildSellerPayload({
  uid: 'abcdefghijklmnopqrstuvwxyz12',
  phoneNumber: '+15551234567',
  email: 'owner@example.com',
  ownerName: 'Ada Lovelace',
  shopifyDomain: 'demo-store.myshopify.com',
  storeName: 'Demo Store',
});
const live = (apiKey = KEY) =>
  createHttpLivePlatform({ baseUrl: `${origin}/live-service`, apiKey });

describe('HTTP live platform against the live service', () => {
  it('creates a seller, schedules and lists shows, and streams an ended show’s replay', async () => {
    const seller = await live().createSeller({ idempotencyKey: 'shop:uid', payload });
    expect(await live().createSeller({ idempotencyKey: 'shop:uid', payload })).toEqual(seller);
    const show = await live().scheduleShow(seller.sellerId, {
      title: 'Winter drop',
      startsAt: '2026-11-26T18:00:00.000Z',
      productIds: ['gid://shopify/Product/1'],
      products: [{ id: 'gid://shopify/Product/1', title: 'Wool scarf', imageUrl: null }],
    });
    expect(show).toMatchObject({ status: 'scheduled', replay: null, playback: null });
    expect(await live().getShow(seller.sellerId, show.id)).toEqual(show);
    await expect(live().openReplay(seller.sellerId, show.id)).rejects.toThrow(/404/);

    // The seller broadcasts from the studio for 30 s, then ends the show.
    const token = new URL(seller.dashboardUrl).hash.replace('#key=', '');
    const studio = `${origin}/live-service/v1/studio/${seller.sellerId}/shows/${show.id}`;
    const press = (action: string) =>
      fetch(`${studio}/${action}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
    const { ingest } = (await (await press('live')).json()) as { ingest: string };
    const camera = await connectIngest(ingest);
    camera.send(Buffer.from('webm'));
    now += 30_000;
    await closeSocket(camera);
    expect((await press('end')).status).toBe(200);

    const [ended] = await live().listShows(seller.sellerId);
    expect(ended).toMatchObject({
      id: show.id,
      status: 'ended',
      replay: { durationSeconds: 30, expiresAt: '2027-02-26T18:00:30.000Z' },
    });
    const chunks: Buffer[] = [];
    for await (const chunk of await live().openReplay(seller.sellerId, show.id))
      chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).subarray(4, 8).toString()).toBe('ftyp');
  });

  it('reports a refused key or an unknown seller or show as a LivePlatformError', async () => {
    await expect(live('other').listShows('seller-1')).rejects.toThrow(LivePlatformError);
    await expect(
      live().scheduleShow('seller_nope', {
        title: 'x',
        startsAt: '2026-11-26T18:00:00Z',
        productIds: [],
        products: [],
      }),
    ).rejects.toThrow(/404/);
    await expect(live().getShow('seller_nope', 'show_nope')).rejects.toThrow(/404/);
  });
});
