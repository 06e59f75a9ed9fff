import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** The app's database: Drizzle over PGlite (embedded) or a node-postgres pool. */
export type Database =
  | { kind: 'pglite'; db: Db; client: PGlite; ping(): Promise<void>; close(): Promise<void> }
  | {
      kind: 'postgres';
      db: Db;
      pool: pg.Pool;
      url: string;
      ping(): Promise<void>;
      close(): Promise<void>;
    };

export interface DatabaseOptions {
  /** postgres:// URL; without it PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; 'memory://' keeps it in memory. */
  dataDir?: string;
}

/**
 * The embedded database's memory (issue 29: the PGlite process idled at 537 MB). PGlite runs
 * PostgreSQL inside the process's WebAssembly memory, which grows and never shrinks, and its
 * defaults are a server's: 128 MB of shared buffers and 64 MB per index build. One merchant's
 * embedded shop fits in far less, and the files under DATA_DIR stay in the OS's page cache
 * anyway (PGlite reads them through Node's fs), so a smaller buffer pool costs a copy, not a disk
 * read.
 */
export const PGLITE_MEMORY_SETTINGS = [
  ...['-c', 'shared_buffers=16MB'],
  ...['-c', 'maintenance_work_mem=16MB'],
  ...['-c', 'temp_buffers=4MB'],
];

/**
 * Creates a new PGlite data directory in a short-lived child process. initdb runs in a
 * WebAssembly instance of its own, beside the database's, and peaks at about 650 MB of
 * external memory; freed, most of it stayed in the process's resident set (390 MB idle after a
 * first start against 263 MB after a later one), which the server would carry for its life.
 */
async function initdbInChild(pgData: string): Promise<void> {
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = [
    `const { PGlite } = await import(${JSON.stringify(pglite)});`,
    `const db = await PGlite.create(${JSON.stringify(pgData)});`,
    'await db.close();',
  ].join('\n');
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client dropped by the server (restart, failover, admin) must not crash the process:
    // the pool replaces it on the next checkout.
    pool.on('error', (error) => console.warn(`[db] idle connection lost: ${error.message}`));
    // Nor one dropped while checked out between two queries (a transaction, a group write): the
    // pool listens only to idle clients, and an 'error' nobody listens to is thrown. Its holder
    // learns it from its next query, which fails.
    pool.on('connect', (client) =>
      client.on('error', (error) =>
        console.warn(`[db] connection lost while in use: ${error.message}`),
      ),
    );
    retryReadsOnLostConnection(pool);
    const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    await migrateUnderLock(pool);
    let closed: Promise<void> | undefined;
    return {
      kind: 'postgres',
      db,
      pool,
      url: options.url,
      ping: async () => void (await pool.query('select 1')),
      close: () => {
        closed ??= pool.end();
        return closed;
      },
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  const inMemory = dataDir.startsWith('memory://');
  const pgData = inMemory ? dataDir : join(resolve(dataDir), 'pglite');
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(join(pgData, 'PG_VERSION'))) await initdbInChild(pgData);
  }
  const client = await PGlite.create(pgData, {
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS],
  });
  return migratedPglite(client);
}

/**
 * An open PGlite, migrated, behind the Database face: the app's own, or a test's database loaded
 * from a migrated copy (test/database.ts).
 */
export async function migratedPglite(client: PGlite): Promise<Database> {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    kind: 'pglite',
    db,
    client,
    ping: async () => {
      if (client.closed) throw new Error('database is closed');
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Drizzle's migrator takes no lock: processes started together would each read the journal and
 * apply the same migration. One session-level advisory lock, held on one connection for the whole
 * run, makes later starters wait and then find nothing left to apply.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    try {
      const db = drizzleNodePg({ client, casing: 'snake_case' });
      await migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

const MIGRATION_LOCK = 'popstage.migrations';

/** Rows of a raw SQL query; both drivers answer with a `rows` array. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const LOST_CONNECTION_RETRIES = 3;

/** The server ended the connection (restart, failover, admin) or the socket died. */
function connectionLost(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return (
    code === '57P01' ||
    code === '57P02' ||
    code === 'ECONNRESET' ||
    /Connection terminated|terminating connection|not queryable/i.test(message ?? '')
  );
}

/**
 * After a failover every idle connection of the pool is dead, and the pool learns it only when
 * each socket's notice is read: a query can be sent on one first. A read that fails so is sent
 * again on a new connection (reads only: a write may have run before the connection died), up to
 * LOST_CONNECTION_RETRIES times: several idle connections may be dead before the pool hears.
 */
function retryReadsOnLostConnection(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const isRead = (args: unknown[]) => {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    return /^\s*(select|with)\b/i.test(text) && !/\b(insert|update|delete)\b/i.test(text);
  };
  (pool as { query: unknown }).query = async (...args: unknown[]) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await query(...args);
      } catch (error) {
        const retry =
          attempt < LOST_CONNECTION_RETRIES &&
          connectionLost(error) &&
          isRead(args) &&
          typeof args.at(-1) !== 'function';
        if (!retry) throw error;
      }
    }
  };
}

/**
 * Runs `work` in one transaction and hands it `deps` whose database is that transaction, so
 * everything it writes through them commits together or not at all (a nested call makes a
 * savepoint). Inside, reach the database only through the deps given: with PGlite a query on the
 * outer connection waits for the transaction to end and would never run. Calls to other systems
 * (the store platform, whose local Shopify shares the connection; the job queue) belong before
 * or after it.
 */
export function inTransaction<D extends { database: Database }, T>(
  deps: D,
  work: (deps: D) => Promise<T>,
): Promise<T> {
  return deps.database.db.transaction((tx) =>
    work({ ...deps, database: { ...deps.database, db: tx } }),
  );
}
