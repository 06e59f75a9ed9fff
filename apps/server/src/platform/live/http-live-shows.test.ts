import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpLivePlatform } from './http-live-platform';
import { LivePlatformError, type LiveShow } from './port';

/**
 * A local fake of the live platform's show API, the contract the HTTP adapter documents: a bearer
 * API key, POST/GET /v1/sellers/:id/shows, GET …/shows/:showId/replay (MP4 or 404). Shows end
 * through `end`, as the seller's dashboard would.
 */
async function fakeLivePlatform() {
  const app: FastifyInstance = Fastify();
  const shows = new Map<string, LiveShow & { sellerId: string }>();
  const replayBytes = Buffer.from('\0\0\0\x18ftypisom-fake-replay');
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== 'Bearer live-key') return reply.code(401).send({});
  });
  app.post<{
    Params: { sellerId: string };
    Body: Pick<LiveShow, 'title' | 'startsAt' | 'productIds'>;
  }>('/v1/sellers/:sellerId/shows', async (request, reply) => {
    if (request.params.sellerId !== 'seller-1') return reply.code(404).send({});
    const show = {
      ...request.body,
      id: `show-${shows.size + 1}`,
      sellerId: request.params.sellerId,
      status: 'scheduled' as const,
      startedAt: null,
      endedAt: null,
      replay: null,
      playback: null,
    };
    shows.set(show.id, show);
    return reply.code(201).send({ show: { ...show, sellerId: undefined } });
  });
  app.get<{ Params: { sellerId: string } }>('/v1/sellers/:sellerId/shows', async (request) => ({
    shows: [...shows.values()]
      .filter((s) => s.sellerId === request.params.sellerId)
      .map(({ sellerId: _, ...show }) => show),
  }));
  app.get<{ Params: { sellerId: string; showId: string } }>(
    '/v1/sellers/:sellerId/shows/:showId/replay',
    async (request, reply) => {
      const show = shows.get(request.params.showId);
      if (!show?.replay || show.sellerId !== request.params.sellerId)
        return reply.code(404).send({});
      return reply.type('video/mp4').send(replayBytes);
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const end = (id: string) => {
    const show = shows.get(id);
    if (show) {
      Object.assign(show, {
        status: 'ended',
        startedAt: '2026-11-26T18:00:00.000Z',
        endedAt: '2026-11-26T18:30:00.000Z',
        replay: { durationSeconds: 1800, expiresAt: '2027-02-26T18:30:00.000Z' },
      });
    }
  };
  return { app, url, end, replayBytes };
}

let fake: Awaited<ReturnType<typeof fakeLivePlatform>>;
beforeAll(async () => {
  fake = await fakeLivePlatform();
});
afterAll(() => fake.app.close());

describe('HTTP live platform: shows and replays', () => {
  it('schedules and lists shows, and streams an ended show’s replay', async () => {
    const live = createHttpLivePlatform({ baseUrl: fake.url, apiKey: 'live-key' });
    const show = await live.scheduleShow('seller-1', {
      title: 'Winter drop',
      startsAt: '2026-11-26T18:00:00.000Z',
      productIds: ['gid://shopify/Product/1'],
    });
    expect(show).toMatchObject({ id: 'show-1', status: 'scheduled', replay: null });
    await expect(live.openReplay('seller-1', show.id)).rejects.toThrow(/404/);

    fake.end(show.id);
    const [ended] = await live.listShows('seller-1');
    expect(ended).toMatchObject({ status: 'ended', replay: { durationSeconds: 1800 } });
    const chunks: Buffer[] = [];
    for await (const chunk of await live.openReplay('seller-1', show.id))
      chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks)).toEqual(fake.replayBytes);
    expect(await live.listShows('seller-2')).toEqual([]);
  });

  it('reports a refused key or an unknown seller as a LivePlatformError', async () => {
    const wrongKey = createHttpLivePlatform({ baseUrl: fake.url, apiKey: 'other' });
    await expect(wrongKey.listShows('seller-1')).rejects.toThrow(LivePlatformError);
    const live = createHttpLivePlatform({ baseUrl: fake.url, apiKey: 'live-key' });
    await expect(
      live.scheduleShow('seller-9', {
        title: 'x',
        startsAt: '2026-11-26T18:00:00Z',
        productIds: [],
      }),
    ).rejects.toThrow(/404/);
  });
});
