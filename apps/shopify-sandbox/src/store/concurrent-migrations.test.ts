import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openStoreDb } from './database';

/**
 * Drizzle's migrator takes no lock: the local Shopify run as several processes on one empty
 * PostgreSQL database must migrate it once. Each pool here is a separate set of connections, as
 * separate processes would hold.
 */
describe.runIf(process.env.TEST_DATABASE_URL)(
  'local Shopify migrations on concurrent starts',
  () => {
    it('6 connections migrating one empty database at once all succeed, each migration applied once', async () => {
      const serverUrl = process.env.TEST_DATABASE_URL as string;
      const name = `shopify_sandbox_race_${randomBytes(6).toString('hex')}`;
      await admin(serverUrl, `CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const pools = Array.from(
        { length: 6 },
        () => new pg.Pool({ connectionString: url.toString(), max: 2 }),
      );
      try {
        const results = await Promise.allSettled(
          pools.map((pool) => openStoreDb({ kind: 'postgres', pool })),
        );
        expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
        const applied = await pools[0]?.query<{ count: string }>(
          'select count(*) from drizzle.__shopify_sandbox_migrations group by hash having count(*) > 1',
        );
        expect(applied?.rows).toEqual([]);
      } finally {
        await Promise.all(pools.map((pool) => pool.end()));
        await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }, 60_000);
  },
);

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
