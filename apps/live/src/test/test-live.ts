import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { type LiveConnection, openLiveDb } from '../db/database';
import { type LiveService, type LiveServiceOptions, openLiveService } from '../service';
import { fakeMedia } from './fake-media';
import { memoryStorage } from './memory-storage';

export const BASE = 'http://live.test/live-service';
export const API_KEY = 'test-live-api-key';
export const SECRET = 'test-live-secret';

/** A fresh database: in-memory PGlite, or a new one on TEST_DATABASE_URL's server. */
export async function testConnection(): Promise<{
  connection: LiveConnection;
  close(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = await migratedMemoryClient();
    return { connection: { kind: 'pglite', client }, close: () => client.close() };
  }
  const name = `live_test_${Math.random().toString(36).slice(2, 10)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  // As the app's own pool does (apps/server/src/db/client.ts), whose connection the service shares
  // in production: a connection the server ends is not an uncaught error. Here the DROP DATABASE
  // below ends those pool.end() has not finished closing (it resolves before their sockets close).
  const lost = () => {};
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return {
    connection: { kind: 'postgres', pool },
    close: async () => {
      await pool.end();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * In-memory PGlite from a copy of a migrated data directory kept in the temp directory (named by
 * the migrations and PGlite's version): initdb takes tens of seconds on a loaded machine, loading
 * the copy a few. The first file to need it writes it; the service's own migration is then a no-op.
 */
async function migratedMemoryClient(): Promise<PGlite> {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS).sort()) {
    if (name.endsWith('.sql')) hash.update(name).update(readFileSync(join(MIGRATIONS, name)));
  }
  hash.update(PGLITE_VERSION);
  const file = join(tmpdir(), `popstage-live-test-db-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) {
    return PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
  }
  const client = await PGlite.create('memory://');
  await openLiveDb({ kind: 'pglite', client });
  const dump = await client.dumpDataDir('none');
  // Written aside and renamed: a file starting at the same time never reads half a copy.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return client;
}

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
const PGLITE_VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.resolve('@electric-sql/pglite')), 'utf8'),
).version;

/** A settable clock in ms. */
export function testClock(start = Date.parse('2026-12-01T18:00:00Z')) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    set(at: number) {
      now = at;
    },
  };
}

export interface TestLive {
  app: FastifyInstance;
  service: LiveService;
  clock: ReturnType<typeof testClock>;
  storage: ReturnType<typeof memoryStorage>;
  media: ReturnType<typeof fakeMedia>;
}

/** The service mounted at /live-service in a Fastify app, on `connection`, with fake media. */
export async function mountLive(
  connection: LiveConnection,
  options: Partial<LiveServiceOptions> & { clock?: ReturnType<typeof testClock> } = {},
): Promise<TestLive> {
  const clock = options.clock ?? testClock();
  const storage = memoryStorage(`${BASE}/media`);
  const media = fakeMedia(storage.storage, { now: clock.now });
  const service = await openLiveService(connection, {
    baseUrl: BASE,
    apiKey: API_KEY,
    secret: SECRET,
    media: media.media,
    now: clock.now,
    sweepEveryMs: 0,
    eventPollMs: 50,
    ...options,
  });
  const app = Fastify();
  await app.register(service.plugin, { prefix: '/live-service' });
  await app.ready();
  return { app, service, clock, storage, media };
}

export const sellerPayload = (n: number, shop = `shop-${n}.myshopify.com`) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `owner${n}@example.com`,
  phoneNumber: `+1555000${String(n).padStart(4, '0')}`,
  shopifyDomain: shop,
  store: { storeName: `Store ${n}` },
});

/** Calls the seller API with the API key. */
export function sellerCall(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url: `/live-service${url}`,
    headers: { authorization: `Bearer ${API_KEY}`, ...headers },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
}

/** Calls the studio API with a studio token (the seller's own unless given). */
export function studioCall(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) {
  return app.inject({
    method,
    url: `/live-service${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
}

/** A seller and their studio token (from the dashboard URL's fragment). */
export async function createSeller(app: FastifyInstance, n: number) {
  const res = await sellerCall(app, 'POST', '/v1/sellers', sellerPayload(n), {
    'idempotency-key': `key-${n}`,
  });
  if (res.statusCode !== 201) throw new Error(`seller not created: ${res.body}`);
  const { sellerId, dashboardUrl } = res.json() as { sellerId: string; dashboardUrl: string };
  const token = new URL(dashboardUrl).hash.replace('#key=', '');
  return { sellerId, dashboardUrl, token };
}

/** A show scheduled for the seller (with the products' snapshot when given). */
export async function scheduleShow(
  app: FastifyInstance,
  sellerId: string,
  productIds = ['gid://shopify/Product/1', 'gid://shopify/Product/2'],
  products?: { id: string; title: string; imageUrl: string | null }[],
) {
  const res = await sellerCall(app, 'POST', `/v1/sellers/${sellerId}/shows`, {
    title: 'Winter drop',
    startsAt: '2026-12-01T18:30:00Z',
    productIds,
    ...(products ? { products } : {}),
  });
  if (res.statusCode !== 201) throw new Error(`show not scheduled: ${res.body}`);
  return (res.json() as { show: { id: string } }).show;
}
