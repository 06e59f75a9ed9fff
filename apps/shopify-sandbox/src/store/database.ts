import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import * as schema from './schema';

export type StoreDb = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The connection the local Shopify shares with its host process (or opens when run alone). */
export type StoreConnection =
  | { kind: 'pglite'; client: PGlite }
  | { kind: 'postgres'; pool: pg.Pool };

const MIGRATIONS = {
  migrationsFolder: resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle'),
  // Its own journal, apart from the app's: each side migrates its own tables only.
  migrationsTable: '__shopify_sandbox_migrations',
};

/**
 * Drizzle's migrator takes no lock: processes started together would apply the same migration
 * twice. A session advisory lock held on one connection for the run serialises them.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('shopify_sandbox.migrations'))`);
    try {
      await migrateNodePg(drizzleNodePg({ client, casing: 'snake_case' }), MIGRATIONS);
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('shopify_sandbox.migrations'))`);
    }
  } finally {
    client.release();
  }
}

/** Drizzle over the connection, with the local Shopify's own migrations applied. */
export async function openStoreDb(connection: StoreConnection): Promise<StoreDb> {
  if (connection.kind === 'postgres') {
    // An idle client dropped by the server (restart, admin, a test's DROP DATABASE) must not
    // crash the process: the pool replaces it on the next checkout.
    connection.pool.on('error', (error) =>
      console.warn(`[store db] idle connection lost: ${error.message}`),
    );
    await migrateUnderLock(connection.pool);
    return drizzleNodePg({
      client: connection.pool,
      schema,
      casing: 'snake_case',
    }) as unknown as StoreDb;
  }
  const db = drizzlePglite({ client: connection.client, schema, casing: 'snake_case' });
  await migratePglite(db, MIGRATIONS);
  return db as unknown as StoreDb;
}
