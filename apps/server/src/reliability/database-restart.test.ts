import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SHOP_A, type TestApp } from '../test/app';

/**
 * The database drops every connection of the app (a failover, a restart, an idle cut by a proxy)
 * while a request is running: that request may fail, and the next ones must succeed on new
 * connections. PostgreSQL only (PGlite has no connections to drop).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('database connections terminated', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function terminateAppConnections(): Promise<number> {
    const url = new URL((t.deps.database as { url?: string }).url ?? '');
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const result = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [url.pathname.slice(1)],
      );
      return result.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  it('mid-request: the next requests succeed', async () => {
    expect((await t.asShop(SHOP_A, 'GET', '/api/shopify/shop')).statusCode).toBe(200);
    const inFlight = t.asShop(SHOP_A, 'GET', '/api/shopify/popclips');
    expect(await terminateAppConnections()).toBeGreaterThan(0);
    const first = await inFlight;
    // The request the cut hit answers (success or a JSON error), it does not hang.
    expect(first.statusCode, first.body).toBeGreaterThanOrEqual(200);
    for (let i = 0; i < 5; i++) {
      const res = await t.asShop(SHOP_A, 'GET', '/api/shopify/shop');
      expect(res.statusCode, res.body).toBe(200);
    }
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.statusCode, health.body).toBe(200);
  });
});
