import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openStoreDb } from './database';
import { createScratchDatabase } from './test-database';

/**
 * Drizzle's migrator takes no lock: the local Shopify run as several processes on one empty
 * PostgreSQL database must migrate it once. Each pool here is a separate set of connections, as
 * separate processes would hold.
 */
describe.runIf(process.env.TEST_DATABASE_URL)(
  'local Shopify migrations on concurrent starts',
  () => {
    it('6 connections migrating one empty database at once all succeed, each migration applied once', async () => {
      const database = await createScratchDatabase(
        process.env.TEST_DATABASE_URL as string,
        'shopify_sandbox_race',
      );
      const pools = Array.from(
        { length: 6 },
        () => new pg.Pool({ connectionString: database.url, max: 2 }),
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
        await database.drop();
      }
    }, 60_000);
  },
);
