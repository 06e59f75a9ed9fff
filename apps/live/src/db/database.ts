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

export type LiveDb = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The connection the live service shares with its host process (the app's database). */
export type LiveConnection =
  | { kind: 'pglite'; client: PGlite }
  | { kind: 'postgres'; pool: pg.Pool };

const MIGRATIONS = {
  migrationsFolder: resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle'),
  // Its own journal, apart from the app's and the local Shopify's: each migrates its own tables.
  migrationsTable: '__live_migrations',
};
const LOCK = `hashtext('live.migrations')`;

/**
 * Drizzle's migrator takes no lock: processes started together would apply the same migration
 * twice. A session advisory lock held on one connection for the run serialises them.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(${LOCK})`);
    try {
      await migrateNodePg(drizzleNodePg({ client, casing: 'snake_case' }), MIGRATIONS);
    } finally {
      await client.query(`select pg_advisory_unlock(${LOCK})`);
    }
  } finally {
    client.release();
  }
}

/** Drizzle over the connection, with the live service's migrations applied. */
export async function openLiveDb(connection: LiveConnection): Promise<LiveDb> {
  if (connection.kind === 'postgres') {
    await migrateUnderLock(connection.pool);
    return drizzleNodePg({
      client: connection.pool,
      schema,
      casing: 'snake_case',
    }) as unknown as LiveDb;
  }
  const db = drizzlePglite({ client: connection.client, schema, casing: 'snake_case' });
  await migratePglite(db, MIGRATIONS);
  return db as unknown as LiveDb;
}
