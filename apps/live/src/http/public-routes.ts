import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { VIEWER_MESSAGES } from '@popstage/core/live';
import type { FastifyInstance } from 'fastify';
import type { LiveContext } from '../context';
import { findAnyShow, heartbeat, postChat, showState } from '../shows/interactions';
import { createPlaylistWatch } from '../shows/playlist-watch';
import { publicApi } from './contracts';
import { notFound } from './errors';
import { livePlaylistRoute } from './playlist-route';
import { serveRoute } from './serve';

/** How often an SSE connection sends a comment, so proxies keep it open. */
const SSE_KEEPALIVE_MS = 15_000;

/**
 * The public viewer API (core's viewer-api.ts): CORS from any origin without cookies, and limits
 * per address so one client cannot flood a show's chat or the database.
 */
export function publicRoutes(ctx: LiveContext) {
  return async (app: FastifyInstance) => {
    await app.register(cors, { origin: '*', credentials: false, methods: ['GET', 'POST'] });
    await app.register(rateLimit, {
      global: true,
      max: 240,
      timeWindow: '1 minute',
      // The limiter's own 429 body, in the service's error shape.
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        error: 'Too Many Requests',
        message: `Too many requests. Try again in ${context.after}.`,
      }),
    });
    const requireShow = async (showId: string) => {
      const show = await findAnyShow(ctx, showId);
      if (!show) throw notFound(VIEWER_MESSAGES.showNotFound);
      return show;
    };

    serveRoute(app, publicApi.state, async (request, reply) => {
      const show = await requireShow(request.params.showId);
      reply.header('cache-control', 'no-store');
      return showState(ctx, show);
    });

    serveRoute(
      app,
      publicApi.chat,
      async (request) => {
        const show = await requireShow(request.params.showId);
        const { viewerId, name, text } = request.body;
        return { message: await postChat(ctx, show, { viewerId, name }, text) };
      },
      { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    );

    serveRoute(
      app,
      publicApi.presence,
      async (request) => {
        const show = await requireShow(request.params.showId);
        await heartbeat(ctx, show, request.body.viewerId);
        return null;
      },
      { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    );

    serveRoute(
      app,
      publicApi.events,
      async (request, reply) => {
        const show = await requireShow(request.params.showId);
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'access-control-allow-origin': '*',
        });
        raw.write(': connected\n\n');
        // The close handler goes on before the wait for the subscription: a viewer gone during
        // it must not leave the show's poller and this keep-alive running.
        let closed = false;
        let stop = () => {};
        const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), SSE_KEEPALIVE_MS);
        keepAlive.unref();
        request.raw.on('close', () => {
          closed = true;
          clearInterval(keepAlive);
          stop();
        });
        const unsubscribe = await ctx.hub.subscribe(show.id, (event) => {
          raw.write(`data: ${JSON.stringify(event)}\n\n`);
        });
        if (closed) unsubscribe();
        else stop = unsubscribe;
        return reply;
      },
      { validateResponse: false, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    );

    const playlists = createPlaylistWatch(ctx.media.storage);
    app.addHook('onClose', async () => playlists.close());
    livePlaylistRoute(app, playlists, requireShow);
  };
}
