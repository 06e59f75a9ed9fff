import { type HoldoutGroup, holdoutEstimate, inHoldout } from '@popstage/core/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopRow } from '../../db/schema';
import { holdoutVisits, storefrontOrders } from '../../db/schema';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { ensureShop } from '../shop';

let t: TestApp;
let shopA: ShopRow;

const api = async (shop: string, method: 'GET' | 'PUT', percent?: number) =>
  t.app.inject({
    method,
    url: '/api/analytics/holdout',
    headers: await t.auth(shop),
    ...(percent === undefined ? {} : { payload: { percent } }),
  });
const storefront = (path: string, payload?: object) =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/storefront/v1/shops/${SHOP_A}${path}`,
    ...(payload ? { payload } : {}),
  });
const newVisitor = async () =>
  (await storefront('/visitors', {})).json<{ visitorId: string }>().visitorId;
const nameOf = (signed: string) => signed.slice(0, signed.indexOf('.'));

beforeAll(async () => {
  t = await createTestApp();
  shopA = await ensureShop(t.deps, SHOP_A);
  await ensureShop(t.deps, SHOP_B);
});
afterAll(() => t.close());

describe('holdout test', () => {
  it('is off until the merchant picks a share, and each shop has its own', async () => {
    expect((await api(SHOP_A, 'GET')).json()).toMatchObject({
      percent: 0,
      startedAt: null,
      estimate: null,
    });
    const started = await api(SHOP_A, 'PUT', 20);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ percent: 20, startedAt: t.clock.now().toISOString() });
    expect((await api(SHOP_B, 'GET')).json()).toMatchObject({ percent: 0 });
    const feed = await storefront('/feed');
    expect(feed.json().settings.holdoutPercent).toBe(20);
  });

  it('refuses a share above 20 % and changes nothing', async () => {
    const refused = await api(SHOP_A, 'PUT', 25);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBeTruthy();
    expect((await api(SHOP_A, 'GET')).json()).toMatchObject({ percent: 20 });
  });

  it('counts each visitor once, in the group their id hashes to, whatever the client says', async () => {
    const visitors = await Promise.all(Array.from({ length: 30 }, newVisitor));
    for (const visitorId of visitors) {
      const first = await storefront('/visits', { visitorId });
      expect(first.statusCode).toBe(202);
      const expected = inHoldout(nameOf(visitorId), 20) ? 'holdout' : 'exposed';
      expect(first.json()).toEqual({ group: expected });
      expect((await storefront('/visits', { visitorId })).json()).toEqual({ group: expected });
    }
    const answer = (await api(SHOP_A, 'GET')).json();
    expect(answer.exposed.visitors + answer.holdout.visitors).toBe(30);
    expect(answer.holdout.visitors).toBe(visitors.filter((id) => inHoldout(nameOf(id), 20)).length);
    const forged = await storefront('/visits', { visitorId: `forged.${'A'.repeat(22)}` });
    expect(forged.statusCode).toBe(403);
  });

  it('compares revenue per visitor with its interval once both groups are large enough', async () => {
    // A new share starts a new test: the groups so far are dropped.
    await api(SHOP_A, 'PUT', 10);
    expect((await api(SHOP_A, 'GET')).json()).toMatchObject({
      percent: 10,
      exposed: { visitors: 0 },
      holdout: { visitors: 0 },
    });
    const at = t.clock.now();
    const db = t.deps.database.db;
    const spec = { exposed: { visitors: 400, buyers: 40 }, holdout: { visitors: 250, buyers: 15 } };
    const expected: Record<'exposed' | 'holdout', HoldoutGroup> = {
      exposed: { visitors: 0, orders: 0, revenue: 0, revenueSquares: 0 },
      holdout: { visitors: 0, orders: 0, revenue: 0, revenueSquares: 0 },
    };
    let orderId = 80_000;
    for (const cohort of ['exposed', 'holdout'] as const) {
      const { visitors, buyers } = spec[cohort];
      await db.insert(holdoutVisits).values(
        Array.from({ length: visitors }, (_, i) => ({
          shopId: shopA.id,
          visitorId: `${cohort}-${i}`,
          cohort,
          firstSeenAt: at,
        })),
      );
      for (let i = 0; i < buyers; i++) {
        const totalCents = 2_000 + 300 * (i % 7);
        const orders = i % 5 === 0 ? 2 : 1;
        for (let n = 0; n < orders; n++) {
          await db.insert(storefrontOrders).values({
            shopId: shopA.id,
            orderId: String(orderId++),
            source: 'sandbox',
            name: `#${orderId}`,
            visitorId: `${cohort}-${i}`,
            currency: 'USD',
            totalCents,
            orderedAt: new Date(at.getTime() + 60_000),
            receivedAt: at,
          });
        }
        expected[cohort].orders += orders;
        expected[cohort].revenue += orders * totalCents;
        expected[cohort].revenueSquares += (orders * totalCents) ** 2;
      }
      expected[cohort].visitors = visitors;
    }
    // An order before the visitor's first visit is not the test's.
    await db.insert(storefrontOrders).values({
      shopId: shopA.id,
      orderId: String(orderId++),
      source: 'sandbox',
      name: '#early',
      visitorId: 'exposed-0',
      currency: 'USD',
      totalCents: 99_999,
      orderedAt: new Date(at.getTime() - 60_000),
      receivedAt: at,
    });
    const answer = (await api(SHOP_A, 'GET')).json();
    expect(answer.exposed).toEqual({
      visitors: 400,
      orders: expected.exposed.orders,
      revenue: expected.exposed.revenue,
    });
    expect(answer.holdout).toMatchObject({ visitors: 250, orders: expected.holdout.orders });
    const estimate = holdoutEstimate(expected.exposed, expected.holdout);
    if (!estimate.enough) throw new Error('the fixture is large enough');
    expect(answer.estimate.incrementalPerVisitor).toBeCloseTo(estimate.incrementalPerVisitor, 6);
    expect(answer.estimate.low).toBeCloseTo(estimate.low, 6);
    expect(answer.estimate.high).toBeCloseTo(estimate.high, 6);
    expect(answer.estimate.low).toBeLessThan(answer.estimate.incrementalPerVisitor);
    // Turned off: the widget shows to everyone again and visits are not counted.
    await api(SHOP_A, 'PUT', 0);
    const visitorId = await newVisitor();
    expect((await storefront('/visits', { visitorId })).json()).toEqual({ group: null });
  });
});
