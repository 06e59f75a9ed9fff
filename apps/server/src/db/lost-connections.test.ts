import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { type Database, queryRows } from './client';

/**
 * PostgreSQL ends the app's connections (restart, failover, an admin): the process must not crash
 * on a connection it holds between two queries, and reads must find a live connection even when
 * every idle one of the pool is dead. PostgreSQL only (PGlite has no connections).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('connections the server ends', () => {
  let database: Database & { pool?: pg.Pool; url?: string };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  async function terminateAll(): Promise<number> {
    const name = new URL(database.url ?? '').pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const result = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [name],
      );
      return result.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('a connection ended while checked out fails its next query and crashes nothing', async () => {
    const pool = database.pool as pg.Pool;
    const client = await pool.connect();
    await client.query('select 1');
    expect(await terminateAll()).toBeGreaterThan(0);
    // Without a listener on the checked-out client, its 'error' would be thrown (uncaught).
    await settle();
    await expect(client.query('select 1')).rejects.toThrow();
    client.release(true);
    expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('a read finds a live connection when every idle one is dead', async () => {
    const pool = database.pool as pg.Pool;
    // Fill the pool with idle connections, then end them all at once.
    const held = await Promise.all(Array.from({ length: 5 }, () => pool.connect()));
    for (const client of held) client.release();
    expect(await terminateAll()).toBeGreaterThanOrEqual(5);
    for (let i = 0; i < 5; i++) {
      expect(await queryRows(database.db, sql`select ${i}::int as n`)).toEqual([{ n: i }]);
    }
  });
});
