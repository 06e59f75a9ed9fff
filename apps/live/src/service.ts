import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { LiveContext } from './context';
import { type LiveConnection, openLiveDb } from './db/database';
import { installErrorHandling } from './http/errors';
import { ingestRoute } from './http/ingest-route';
import { mediaRoute } from './http/media-route';
import { publicRoutes } from './http/public-routes';
import { sellerRoutes } from './http/seller-routes';
import { studioRoutes } from './http/studio-routes';
import type { LiveMedia, RtmpHooks } from './media/port';
import { createEventHub } from './shows/events';
import { sweepExpiredReplays } from './shows/replay-sweep';
import { rtmpHooks } from './shows/rtmp-hooks';
import { studioPageRoutes } from './studio/routes';

/** Where the RTMP server (src/media) plugs in: started with the service's hooks. */
export interface LiveRtmp {
  start(hooks: RtmpHooks): Promise<{ close(): Promise<void> }>;
  /** What OBS is told to stream to, e.g. `rtmp://live.example.com:1935/live`. */
  url: string;
}

export interface LiveServiceOptions {
  /** The service's public origin and mount path, e.g. `https://app.example.com/live-service`. */
  baseUrl: string;
  /** The seller API's bearer key (the app's). */
  apiKey: string;
  /** Signs the studio tokens. */
  secret: string;
  media: LiveMedia;
  rtmp?: LiveRtmp;
  now?: () => number;
  /** How often expired replays are swept (default hourly); 0 turns the sweep off. */
  sweepEveryMs?: number;
  /** How often each show's events are polled for SSE clients (default 500 ms). */
  eventPollMs?: number;
}

export interface LiveService {
  /** The service's routes; register it under its mount path (`/live-service`). */
  plugin: (app: FastifyInstance) => Promise<void>;
  /** Deletes expired replays now (the hourly sweep does it too). */
  sweepReplays(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Opens the live service on a database connection it shares with its host: its own tables
 * (schema `live`) migrated, its routes as one Fastify plugin, the RTMP server started when given.
 */
export async function openLiveService(
  connection: LiveConnection,
  options: LiveServiceOptions,
): Promise<LiveService> {
  const db = await openLiveDb(connection);
  const hub = createEventHub(db, options.eventPollMs ? { intervalMs: options.eventPollMs } : {});
  const ctx: LiveContext = {
    db,
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    apiKey: options.apiKey,
    secret: options.secret,
    media: options.media,
    now: options.now ?? Date.now,
    hub,
    sessions: new Map(),
    rtmpUrl: options.rtmp?.url ?? null,
  };
  const rtmp = options.rtmp ? await options.rtmp.start(rtmpHooks(ctx)) : null;
  const sweepEvery = options.sweepEveryMs ?? 60 * 60 * 1000;
  const sweep = () =>
    sweepExpiredReplays(ctx).catch((error: unknown) => {
      console.warn(`[live] replay sweep failed: ${String(error)}`);
      return [];
    });
  const sweeper = sweepEvery > 0 ? setInterval(() => void sweep(), sweepEvery) : null;
  sweeper?.unref();
  // Media served here only when the storage's URLs point here (disk); S3's go to the CDN.
  const servesMedia = ctx.media.storage.url('shows/x').startsWith(`${ctx.baseUrl}/media/`);

  const plugin = async (app: FastifyInstance) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandling(app);
    await app.register(sellerRoutes(ctx));
    await app.register(studioRoutes(ctx));
    await app.register(ingestRoute(ctx));
    await app.register(publicRoutes(ctx));
    await app.register(studioPageRoutes);
    if (servesMedia) await app.register(mediaRoute(ctx));
  };

  return {
    plugin,
    sweepReplays: () => sweepExpiredReplays(ctx),
    async close() {
      if (sweeper) clearInterval(sweeper);
      hub.close();
      await rtmp?.close();
      await Promise.all(
        [...ctx.sessions.values()].map((session) => session.abort().catch(() => {})),
      );
      ctx.sessions.clear();
    },
  };
}
