import { SHOW_LINE_PROPERTY } from '@popstage/core/analytics';
import { shopApi } from '@popstage/testkit/shop';
import { describe, expect, it } from 'vitest';
import { signShopifyWebhook } from '../platform/shopify';
import {
  type ChildServer,
  childServerSite,
  diesWithin,
  startChildServer,
  stopChildServer,
  waitFor,
} from '../test/child-server';

/**
 * Issue 32 point 5, `live-fee.after-charge`: the worker (role all) killed right after Shopify (the
 * local Shopify, in the process) recorded an order's live fee as a usage charge, before the app
 * marked its fee row charged. After a restart the fee's job runs again; its idempotency key makes
 * Shopify answer the first record, so within 90 s the fee is marked charged with that record and
 * the shop's billing shows exactly one usage charge for the order. PGlite always, PostgreSQL with
 * TEST_DATABASE_URL.
 */
const SHOP = 'demo-store.myshopify.com';
const PLAN = 'bundle-flexible-2025-monthly';
const WITHIN_MS = 90_000;
/** Starting the process (tsx, migrations) comes on top; on a loaded machine it takes minutes. */
const STARTUP_MS = 240_000;

interface UsageRecord {
  id: string;
  price: { amount: string; currencyCode: string };
  idempotencyKey: string | null;
}

interface LiveFees {
  fees: {
    orderId: string;
    status: string;
    usageRecordId: string | null;
    fee: { amount: string };
  }[];
  balanceUsed: { amount: string } | null;
}

async function crashAfterCharge(kind: 'pglite' | 'postgres') {
  const { baseUrl, keys, env, healthy, remove } = await childServerSite('live-fee-crash', kind);
  const api = shopApi({ baseUrl, keys }, SHOP);
  const orderId = 7_300_000 + Math.floor(Math.random() * 100_000);
  const raw = JSON.stringify({
    id: orderId,
    admin_graphql_api_id: `gid://shopify/Order/${orderId}`,
    name: '#2001',
    created_at: new Date().toISOString(),
    currency: 'USD',
    total_price: '120.00',
    test: false,
    cancelled_at: null,
    note_attributes: [],
    line_items: [
      {
        id: orderId * 10,
        product_id: null,
        variant_id: null,
        quantity: 1,
        price: '120.00',
        discount_allocations: [],
        properties: [{ name: SHOW_LINE_PROPERTY, value: 'show-crash-1' }],
      },
    ],
  });
  const deliver = () =>
    fetch(`${baseUrl}/webhooks/orders/create`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-hmac-sha256': signShopifyWebhook(Buffer.from(raw), keys.apiSecret),
        'x-shopify-shop-domain': SHOP,
        'x-shopify-webhook-id': `live-fee-crash-${orderId}`,
        'x-shopify-topic': 'orders/create',
        'x-shopify-api-version': '2026-10',
        'x-shopify-triggered-at': new Date().toISOString(),
      },
      body: raw,
    });
  const usageRecords = async (): Promise<UsageRecord[]> => {
    const answer = await fetch(`${baseUrl}/sandbox/api/shops`);
    const { shops } = (await answer.json()) as {
      shops: { domain: string; appUsageRecords: UsageRecord[] }[];
    };
    return shops.find((each) => each.domain === SHOP)?.appUsageRecords ?? [];
  };

  const servers: ChildServer[] = [];
  try {
    const first = startChildServer({ ...env, POPSTAGE_FAILPOINTS: 'live-fee.after-charge=crash' });
    servers.push(first);
    await healthy(STARTUP_MS);
    await api('GET', '/api/shopify/shop');
    // The merchant buys live selling and approves the charge on Shopify's page.
    const draft = await api<{ id: string }>('POST', '/api/shopify/shop/subscription/draft', {
      shopifyDomain: SHOP,
      planId: PLAN,
      extraAddonIds: ['addon-live-basic'],
    });
    const { confirmationUrl } = await api<{ confirmationUrl: string | null }>(
      'POST',
      '/api/shopify/shop/subscription',
      { draftId: draft.id },
    );
    if (!confirmationUrl) throw new Error('a paid plan needs approval');
    const approved = await fetch(`${confirmationUrl}/approve`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    await fetch(new URL(approved.headers.get('location') ?? '', baseUrl), { redirect: 'manual' });

    // The order's fee is queued with it; the worker charges it and dies before marking it.
    await deliver().catch(() => undefined);
    await diesWithin(first, STARTUP_MS, 'live-fee.after-charge');
    expect(first.child.signalCode).toBe('SIGKILL');

    servers.push(startChildServer(env));
    await healthy(STARTUP_MS);
    const started = Date.now();
    const [charged] = await usageRecords();
    expect(charged?.price).toEqual({ amount: '6.00', currencyCode: 'USD' });
    // Shopify retried the delivery the crash may have left unanswered: it changes nothing.
    expect((await deliver()).status).toBe(200);

    const fee = await waitFor(
      'the fee to be marked charged',
      async () => {
        const fees = await api<LiveFees>('GET', '/api/billing/live-fees');
        const own = fees.fees.find((each) => each.orderId === String(orderId));
        return own?.status === 'charged' ? { own, fees } : undefined;
      },
      WITHIN_MS,
    );
    expect(Date.now() - started).toBeLessThan(WITHIN_MS);
    const records = await usageRecords();
    expect(records).toHaveLength(1);
    expect(fee.own.usageRecordId).toBe(records[0]?.id);
    expect(fee.fees.balanceUsed?.amount).toBe('6.00');
  } finally {
    for (const server of servers) await stopChildServer(server);
    await remove();
  }
}

describe.concurrent('a live fee charge killed after Shopify recorded it', () => {
  it(
    'PGlite: one usage charge, the fee marked charged with it after the restart',
    () => crashAfterCharge('pglite'),
    600_000,
  );
  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL: one usage charge, the fee marked charged with it after the restart',
    () => crashAfterCharge('postgres'),
    600_000,
  );
});
