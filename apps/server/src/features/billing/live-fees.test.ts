import { SHOW_LINE_PROPERTY } from '@popstage/core/analytics';
import {
  LIVE_FEE_CAPPED_AMOUNT,
  LIVE_FEE_TERMS,
  liveFeeIdempotencyKey,
} from '@popstage/core/billing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { liveFeeCharges, shops, subscriptions } from '../../db/schema';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { postWebhook } from '../../test/webhooks';
import { sweepLiveFees } from './live-fee-job';
import { chargeLiveFee } from './live-fees';

/**
 * The live success fee end to end against the local Shopify: a live plan's charge carries the
 * usage line item, an order with lines from a show stores one fee row with the order, the job
 * bills it once as a usage charge, and nothing (redelivery, concurrency, a crash after the charge,
 * the sweep running beside the job) bills it twice. Shop A buys live; shop B buys no live.
 */
const PLAN = 'bundle-flexible-2025-monthly';
let t: TestApp;
let nextOrder = 8_100_000;

interface UsageRecord {
  id: string;
  description: string;
  price: { amount: string; currencyCode: string };
  idempotencyKey: string | null;
}

/** The local Shopify's usage records of the shop, as its control API shows them. */
async function usageRecords(shop: string): Promise<UsageRecord[]> {
  const answer = await t.app.inject({ method: 'GET', url: '/sandbox/api/shops' });
  const all = answer.json().shops as { domain: string; appUsageRecords: UsageRecord[] }[];
  return all.find((each) => each.domain === shop)?.appUsageRecords ?? [];
}

async function buyAndApprove(shop: string, addonIds: string[]) {
  const draft = await t.asShop(shop, 'POST', '/api/shopify/shop/subscription/draft', {
    shopifyDomain: shop,
    planId: PLAN,
    extraAddonIds: addonIds,
  });
  expect(draft.statusCode, draft.body).toBe(200);
  const bought = await t.asShop(shop, 'POST', '/api/shopify/shop/subscription', {
    draftId: draft.json().id,
  });
  expect(bought.statusCode, bought.body).toBe(200);
  const path = new URL(bought.json().confirmationUrl).pathname;
  const approved = await t.app.inject({ method: 'POST', url: `${path}/approve` });
  expect(approved.statusCode).toBe(303);
  const back = await t.app.inject({
    method: 'GET',
    url: String(approved.headers.location).replace(/^https?:\/\/[^/]+/, ''),
  });
  expect(back.statusCode).toBe(303);
}

interface LineSpec {
  price: string;
  quantity?: number;
  discount?: string;
  show?: string;
}

function orderPayload(lines: LineSpec[], id = nextOrder++) {
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${id - 8_100_000 + 5000}`,
    created_at: t.clock.now().toISOString(),
    currency: 'USD',
    total_price: '100.00',
    test: false,
    cancelled_at: null,
    note_attributes: [],
    line_items: lines.map((line, index) => ({
      id: id * 10 + index,
      product_id: 1001 + index,
      variant_id: null,
      quantity: line.quantity ?? 1,
      price: line.price,
      discount_allocations: line.discount ? [{ amount: line.discount }] : [],
      properties: line.show ? [{ name: SHOW_LINE_PROPERTY, value: line.show }] : [],
    })),
  };
}

/** What the workers do: the minute's sweep queues the due fees, their jobs charge them. */
async function drain() {
  await sweepLiveFees(t.deps);
  await t.runJobs();
}

const deliver = (shop: string, payload: object, webhookId?: string) =>
  postWebhook(t, 'orders/create', payload, { shop, ...(webhookId ? { webhookId } : {}) });

async function feeRows(shop: string) {
  return t.deps.database.db
    .select({
      id: liveFeeCharges.id,
      orderId: liveFeeCharges.orderId,
      showId: liveFeeCharges.showId,
      revenue: liveFeeCharges.revenueMinorUnits,
      fee: liveFeeCharges.feeMinorUnits,
      status: liveFeeCharges.status,
      reason: liveFeeCharges.reason,
      usageRecordId: liveFeeCharges.usageRecordId,
      lastError: liveFeeCharges.lastError,
    })
    .from(liveFeeCharges)
    .innerJoin(shops, eq(shops.id, liveFeeCharges.shopId))
    .where(eq(shops.shopifyDomain, shop));
}

beforeAll(async () => {
  t = await createTestApp();
  await buyAndApprove(SHOP_A, ['addon-live-basic']);
  await buyAndApprove(SHOP_B, ['addon-popclips-basic']);
}, 120_000);
afterAll(() => t.close());

describe('the live plan', () => {
  it("adds a usage line item capped at the core's amount, whose id is stored at approval", async () => {
    const [row] = await queryRows<{ usage_line_item_id: string | null }>(
      t.deps.database.db,
      sql`select s.usage_line_item_id from subscriptions s join shops on shops.id = s.shop_id
          where shops.shopify_domain = ${SHOP_A} and s.status = 'ACTIVE'`,
    );
    expect(row?.usage_line_item_id).toMatch(/^gid:\/\/shopify\/AppSubscriptionLineItem\/\d+/);
    const [charge] = await t.deps.platform.activeAppSubscriptions(SHOP_A);
    expect(charge?.usage).toEqual({
      lineItemId: row?.usage_line_item_id,
      cappedAmount: { amount: LIVE_FEE_CAPPED_AMOUNT, currencyCode: 'USD' },
      balanceUsed: '0.00',
      terms: LIVE_FEE_TERMS,
    });
    // A plan without live has no usage line item.
    const [other] = await t.deps.platform.activeAppSubscriptions(SHOP_B);
    expect(other?.usage).toBeNull();
  });
});

describe('an order with lines from a show', () => {
  it('bills 5 % of the show lines after discounts, once, ignoring malformed show ids', async () => {
    const payload = orderPayload([
      { price: '25.00', quantity: 2, discount: '0.10', show: 'show-a1' }, // 49.90
      { price: '100.00' }, // not from a show
      { price: '10.00', show: '<img src=x>' }, // not a show id: ignored
      { price: '0.15', show: 'show-a1' }, // 0.15
    ]);
    const answer = await deliver(SHOP_A, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = (await feeRows(SHOP_A)).filter((r) => r.orderId === String(payload.id));
    // 50.05 of live revenue: 2.5025 rounds down to 2.50.
    expect(row).toMatchObject({ showId: 'show-a1', revenue: 5005, fee: 250, status: 'pending' });
    await drain();
    const [charged] = (await feeRows(SHOP_A)).filter((r) => r.orderId === String(payload.id));
    expect(charged?.status).toBe('charged');
    const records = (await usageRecords(SHOP_A)).filter((r) => r.id === charged?.usageRecordId);
    expect(records).toHaveLength(1);
    expect(records[0]?.price).toEqual({ amount: '2.50', currencyCode: 'USD' });
    expect(records[0]?.description).toContain(payload.name);
  });

  it('adds nothing when the webhook is delivered again, or many times at once', async () => {
    const payload = orderPayload([{ price: '40.00', show: 'show-a2' }]);
    await deliver(SHOP_A, payload, 'redelivered-1');
    await deliver(SHOP_A, payload, 'redelivered-1');
    await deliver(SHOP_A, payload, 'redelivered-2');
    const concurrent = orderPayload([{ price: '60.00', show: 'show-a3' }]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => deliver(SHOP_A, concurrent, `concurrent-${i}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    // Two workers' sweeps and jobs at once, then again: each fee is still billed once.
    await Promise.all([drain(), drain()]);
    await drain();
    const rows = (await feeRows(SHOP_A)).filter((r) =>
      [String(payload.id), String(concurrent.id)].includes(r.orderId),
    );
    expect(rows.map((r) => [r.fee, r.status])).toEqual(
      expect.arrayContaining([
        [200, 'charged'],
        [300, 'charged'],
      ]),
    );
    expect(rows).toHaveLength(2);
    const billed = (await usageRecords(SHOP_A)).filter((r) =>
      rows.some((row) => row.usageRecordId === r.id),
    );
    expect(billed.map((r) => r.price.amount).sort()).toEqual(['2.00', '3.00']);
  });

  it('charges once when the process died after the usage charge, before marking the row', async () => {
    const payload = orderPayload([{ price: '80.00', show: 'show-a4' }]);
    await deliver(SHOP_A, payload);
    const [row] = (await feeRows(SHOP_A)).filter((r) => r.orderId === String(payload.id));
    if (!row) throw new Error('no fee row');
    // What the killed attempt did: the charge reached Shopify, the row stayed pending.
    const [shop] = await t.deps.database.db
      .select({ id: shops.id, lineItem: subscriptions.usageLineItemId })
      .from(shops)
      .innerJoin(subscriptions, eq(subscriptions.shopId, shops.id))
      .where(eq(shops.shopifyDomain, SHOP_A));
    const [active] = await t.deps.platform.activeAppSubscriptions(SHOP_A);
    const first = await t.deps.platform.createAppUsageRecord(SHOP_A, {
      lineItemId: active?.usage?.lineItemId ?? '',
      price: { amount: '4.00', currencyCode: 'USD' },
      description: 'killed attempt',
      idempotencyKey: liveFeeIdempotencyKey(shop?.id ?? '', String(payload.id)),
    });
    const before = (await usageRecords(SHOP_A)).length;
    const retried = await chargeLiveFee(t.deps, row.id);
    expect(retried).toEqual({ outcome: 'charged', usageRecordId: first.id });
    await drain();
    expect((await usageRecords(SHOP_A)).length).toBe(before);
    expect(await chargeLiveFee(t.deps, row.id)).toEqual({ outcome: 'settled' });
  });

  it('keeps a fee the cap refuses pending with Shopify’s reason, billing nothing', async () => {
    // 5 % of 30,000.00 is 1,500.00: above the 1,000.00 cap.
    const payload = orderPayload([{ price: '30000.00', show: 'show-a5' }]);
    await deliver(SHOP_A, payload);
    const before = (await usageRecords(SHOP_A)).length;
    await drain();
    const [row] = (await feeRows(SHOP_A)).filter((r) => r.orderId === String(payload.id));
    expect(row?.status).toBe('pending');
    expect(row?.lastError).toContain('Total price exceeds balance remaining');
    expect((await usageRecords(SHOP_A)).length).toBe(before);
  });

  it('records a shop without live as not billable, with the reason, and charges it nothing', async () => {
    const payload = orderPayload([{ price: '50.00', show: 'show-b1' }]);
    await deliver(SHOP_B, payload);
    await drain();
    const [row] = (await feeRows(SHOP_B)).filter((r) => r.orderId === String(payload.id));
    expect(row).toMatchObject({ status: 'not_billable', reason: 'no_usage_line_item', fee: 250 });
    expect(await usageRecords(SHOP_B)).toEqual([]);
  });

  it('stores no fee for an order without show lines', async () => {
    const payload = orderPayload([{ price: '50.00' }, { price: '5.00', show: '' }]);
    await deliver(SHOP_A, payload);
    expect((await feeRows(SHOP_A)).filter((r) => r.orderId === String(payload.id))).toEqual([]);
  });
});

describe('GET /api/billing/live-fees', () => {
  it("answers the shop's own fees with the cap and balance used; shop B never sees A's", async () => {
    const a = await t.asShop(SHOP_A, 'GET', '/api/billing/live-fees');
    expect(a.statusCode, a.body).toBe(200);
    const body = a.json();
    expect(body.cappedAmount).toEqual({ amount: LIVE_FEE_CAPPED_AMOUNT, currencyCode: 'USD' });
    expect(body.terms).toBe(LIVE_FEE_TERMS);
    // 2.50 + 2.00 + 3.00 + 4.00 charged so far.
    expect(body.balanceUsed).toEqual({ amount: '11.50', currencyCode: 'USD' });
    const aOrders = (await feeRows(SHOP_A)).map((r) => r.orderId);
    expect(body.fees.map((f: { orderId: string }) => f.orderId).sort()).toEqual(aOrders.sort());
    expect(body.fees[0]).toMatchObject({
      revenue: { currencyCode: 'USD' },
      fee: { currencyCode: 'USD' },
    });
    const b = (await t.asShop(SHOP_B, 'GET', '/api/billing/live-fees')).json();
    expect(b.cappedAmount).toBeNull();
    expect(b.fees.every((f: { orderId: string }) => !aOrders.includes(f.orderId))).toBe(true);
    expect(b.fees).toHaveLength(1);
    expect(b.fees[0]).toMatchObject({ status: 'not_billable', reason: 'no_usage_line_item' });
  });

  it("shows the merchant each usage charge and the balance on the local Shopify's billing page", async () => {
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/billing/shops/${SHOP_A}` });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain(LIVE_FEE_TERMS);
    expect(html).toMatch(/Balance used: \$11\.50 of \$1,000\.00/);
    const records = await usageRecords(SHOP_A);
    expect(records).toHaveLength(4);
    for (const record of records) {
      expect(html).toContain(`data-usage-record="${record.id}"`);
    }
    expect(html).toContain('$2.50');
    // Shop B's page has its charge but no usage line item.
    const other = await t.app.inject({ method: 'GET', url: `/sandbox/billing/shops/${SHOP_B}` });
    expect(other.body).not.toContain('data-usage-record');
  });

  it('refuses a bad limit with a 400 JSON body', async () => {
    const answer = await t.asShop(SHOP_A, 'GET', '/api/billing/live-fees?limit=0');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toHaveProperty('message');
  });
});
