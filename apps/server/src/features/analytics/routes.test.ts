import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function send(shop: string, stream: string, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/ingest/${stream}`,
    headers: await t.auth(shop),
    payload: payload as object,
  });
}
async function events(shop: string, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/analytics/app-events${query}`,
    headers: await t.auth(shop),
  });
  return res.json().data;
}

describe('analytics ingest', () => {
  it('stores one event and answers 202', async () => {
    const res = await send(SHOP_A, 'appevents', {
      action: 'checkout',
      category: 'billing',
      stage: 'confirm',
      shopId: SHOP_A,
      sessionId: 's-1',
      cta: { label: 'Checkout' },
      properties: { reason: 'first_ever' },
      occurredAt: '2026-11-20T10:00:00.000Z',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 1 });
    const [stored] = await events(SHOP_A);
    expect(stored).toMatchObject({
      stream: 'appevents',
      action: 'checkout',
      category: 'billing',
      stage: 'confirm',
      sessionId: 's-1',
      cta: { label: 'Checkout' },
      properties: { reason: 'first_ever' },
      occurredAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it('stores a batch on the product-analytics stream and filters by it', async () => {
    const batch = { events: [1, 2, 3].map((n) => ({ action: `view-${n}`, category: 'landing' })) };
    expect((await send(SHOP_A, 'productanalytics', batch)).json()).toEqual({ accepted: 3 });
    const stored = await events(SHOP_A, '?stream=productanalytics');
    expect(stored.map((e: { action: string }) => e.action).sort()).toEqual([
      'view-1',
      'view-2',
      'view-3',
    ]);
    expect(await events(SHOP_A, '?category=landing&limit=1')).toHaveLength(1);
  });

  it.each([
    [{ category: 'billing' }],
    [{ action: '', category: 'billing' }],
    [{ action: 'x', category: 'y', occurredAt: 'yesterday' }],
    [{ events: [] }],
    [{ events: Array.from({ length: 101 }, () => ({ action: 'a', category: 'b' })) }],
    [{ action: 'x', category: 'y', properties: { nested: { no: true } } }],
  ])('rejects %j with 400 and stores nothing', async (payload) => {
    const before = await events(SHOP_B);
    const res = await send(SHOP_B, 'appevents', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
    expect(await events(SHOP_B)).toEqual(before);
  });

  it('refuses events for another shop and unknown streams', async () => {
    const res = await send(SHOP_B, 'appevents', { action: 'a', category: 'b', shopId: SHOP_A });
    expect(res.statusCode).toBe(403);
    expect((await send(SHOP_B, 'otherstream', { action: 'a', category: 'b' })).statusCode).toBe(
      404,
    );
    expect(await events(SHOP_B)).toEqual([]);
  });

  it('needs a session token', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/ingest/appevents',
      payload: { action: 'a', category: 'b' },
    });
    expect(res.statusCode).toBe(401);
  });
});
