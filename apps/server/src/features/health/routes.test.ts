import { carouselsContract } from '@popstage/core/carousels';
import { openApiPath } from '@popstage/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/docs (sandbox mode)', () => {
  it('is the OpenAPI document of every route served from a contract, schemas included', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    type Operation = {
      summary: string;
      requestBody: { content: { 'application/json': { schema: { properties: object } } } };
      responses: object;
    };
    const document = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, Operation | undefined>>;
    };
    expect(document.openapi).toBe('3.1.0');
    const served = t.app.routeList.filter((route) => route.contract);
    expect(served.length).toBeGreaterThan(100);
    const missing = served.filter(
      (route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()],
    );
    expect(missing.map((route) => `${route.method} ${route.url} ${route.contract?.path}`)).toEqual(
      [],
    );
    // Schemas come from the contract: the body of creating a carousel names its fields.
    const create = document.paths['/api/popclips/carousels']?.post;
    if (!create) throw new Error('POST /api/popclips/carousels is not in the document');
    expect(create.summary).toBe(carouselsContract.create.summary);
    expect(Object.keys(create.requestBody.content['application/json'].schema.properties)).toContain(
      'carousel_title',
    );
    expect(Object.keys(create.responses)).toEqual(['201', '4XX']);
  });
});

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
