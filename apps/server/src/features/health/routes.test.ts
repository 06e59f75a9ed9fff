import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /healthz', () => {
  it('answers 200 with database and queue state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      role: 'all',
      database: { ok: true, kind: t.deps.database.kind },
      queue: { ok: true },
    });
  });

  it('answers 503 when the queue is down', async () => {
    await t.deps.queue.stop({ graceful: false, close: false });
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'unavailable',
      database: { ok: true },
      queue: { ok: false },
    });
  });

  it('answers 503 when the database is down', async () => {
    await t.deps.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', database: { ok: false } });
  });
});
