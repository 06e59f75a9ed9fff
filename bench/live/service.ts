import { createServer } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import {
  createDiskStorage,
  createLiveMedia,
  type LiveConnection,
  type LiveMedia,
  type LiveService,
  openLiveService,
} from '@popstage/live';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';

export const MOUNT = '/live-service';
export const API_KEY = 'bench-live-api-key';
const SECRET = 'bench-live-secret';

/** A port free on 127.0.0.1 now (the service must know its public origin before it listens). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningLive {
  app: FastifyInstance;
  service: LiveService;
  /** `http://127.0.0.1:{port}/live-service`. */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The live service standalone, as the app mounts it: its routes under /live-service on a Fastify
 * server of its own, disk storage whose URLs point at `mediaBase` (the service itself, or a CDN in
 * front of the directory), ffmpeg packaging into it. `database` is a PostgreSQL URL, or PGlite
 * in memory when absent.
 */
export async function startLive(options: {
  port: number;
  mediaDir: string;
  workDir: string;
  /** Origin the media URLs use; defaults to the service's own (it then serves /media/*). */
  mediaBase?: string;
  database?: string;
  onStored?: (key: string) => void;
  /** Wraps the media (the latency bench watches the ingest). */
  wrapMedia?: (media: LiveMedia) => LiveMedia;
}): Promise<RunningLive> {
  const baseUrl = `http://127.0.0.1:${options.port}${MOUNT}`;
  let connection: LiveConnection;
  let closeDb: () => Promise<void>;
  if (options.database) {
    const pool = new pg.Pool({ connectionString: options.database, max: 10 });
    connection = { kind: 'postgres', pool };
    closeDb = () => pool.end();
  } else {
    const client = await PGlite.create('memory://');
    connection = { kind: 'pglite', client };
    closeDb = () => client.close();
  }
  const storage = createDiskStorage({
    dir: options.mediaDir,
    publicBase: options.mediaBase ?? baseUrl,
  });
  const media = createLiveMedia({
    storage,
    workDir: options.workDir,
    ...(options.onStored ? { onStored: options.onStored } : {}),
  });
  const service = await openLiveService(connection, {
    baseUrl,
    apiKey: API_KEY,
    secret: SECRET,
    media: options.wrapMedia ? options.wrapMedia(media) : media,
    sweepEveryMs: 0,
  });
  const app = Fastify({ logger: false });
  await app.register(service.plugin, { prefix: MOUNT });
  await app.listen({ port: options.port, host: '127.0.0.1' });
  return {
    app,
    service,
    baseUrl,
    async close() {
      // The service first: it stops its ffmpeg runs, which the server's close would wait on.
      await service.close().catch(() => {});
      await app.close().catch(() => {});
      await closeDb().catch(() => {});
    },
  };
}

interface ShowWire {
  id: string;
  status: string;
  playback: { publicApi: string; hls: string | null; lowLatency: boolean } | null;
}

async function sellerApi<T>(baseUrl: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${API_KEY}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A seller (through the seller API, as the app makes one) with one show scheduled now. */
export async function sellerWithShow(baseUrl: string, n: number) {
  const { sellerId, dashboardUrl } = await sellerApi<{ sellerId: string; dashboardUrl: string }>(
    baseUrl,
    '/v1/sellers',
    {
      method: 'POST',
      headers: { 'idempotency-key': `bench-seller-${n}` },
      body: JSON.stringify({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: `bench${n}@example.com`,
        phoneNumber: `+1555100${String(n).padStart(4, '0')}`,
        shopifyDomain: `bench-${n}.myshopify.com`,
        store: { storeName: `Bench store ${n}` },
      }),
    },
  );
  const { show } = await sellerApi<{ show: ShowWire }>(baseUrl, `/v1/sellers/${sellerId}/shows`, {
    method: 'POST',
    body: JSON.stringify({
      title: 'Bench show',
      startsAt: new Date().toISOString(),
      productIds: ['gid://shopify/Product/1'],
    }),
  });
  return { sellerId, dashboardUrl, showId: show.id };
}

/** Waits until the seller API gives the show's live playlist (the first segment is stored). */
export async function waitForPlayback(
  baseUrl: string,
  sellerId: string,
  showId: string,
  timeoutMs = 60_000,
): Promise<{ publicApi: string; hls: string; lowLatency: boolean }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { show } = await sellerApi<{ show: ShowWire }>(
      baseUrl,
      `/v1/sellers/${sellerId}/shows/${showId}`,
    );
    if (show.playback?.hls) {
      const { publicApi, hls, lowLatency } = show.playback;
      return { publicApi, hls, lowLatency };
    }
    if (Date.now() > deadline) throw new Error(`show ${showId} never became watchable`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
