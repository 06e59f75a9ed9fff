import { describe, expect, it } from 'vitest';
import { generateTraffic } from './generate-traffic';

/** A fake app and store: records every call and answers as the real endpoints do. */
function fakeShop() {
  const calls: { method: string; url: string; body: string; cookie: string | null }[] = [];
  let nextOrder = 5_500_001;
  let nextVisitor = 1;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = await request.text();
    calls.push({
      method: request.method,
      url: url.pathname,
      body,
      cookie: request.headers.get('cookie'),
    });
    if (url.pathname.endsWith('/feed')) {
      const product = (n: number) => ({
        id: `gid://shopify/Product/${n}`,
        variantId: `gid://shopify/ProductVariant/${n}0`,
        available: true,
      });
      return Response.json({
        clips: [
          { id: 'clip-a', products: [product(1)] },
          { id: 'clip-b', products: [product(2)] },
        ],
      });
    }
    if (url.pathname.endsWith('/visitors')) {
      // The app signs the ids it issues; the fake's signature is only the right shape.
      return Response.json({ visitorId: `v${nextVisitor++}.${'s'.repeat(22)}` }, { status: 201 });
    }
    if (url.pathname.endsWith('/events')) {
      const events = (JSON.parse(body) as { events: unknown[] }).events;
      return Response.json({ accepted: events.length, deduped: 0, rejected: 0 }, { status: 202 });
    }
    if (url.pathname.endsWith('/cart/update.js')) {
      return Response.json(
        {},
        { headers: { 'set-cookie': 'cart=tok-1; Path=/sandbox/store/x; SameSite=Lax' } },
      );
    }
    if (url.pathname.endsWith('/cart/add.js')) return Response.json({ items: [] });
    if (url.pathname.endsWith('/checkout')) {
      return new Response(null, {
        status: 303,
        headers: { location: `/sandbox/store/x/orders/${nextOrder++}` },
      });
    }
    return new Response('not found', { status: 404 });
  };
  return { fetch, calls };
}

const options = (fetch: typeof globalThis.fetch) => ({
  fetch,
  appUrl: 'http://app.test',
  storeUrl: 'http://app.test/sandbox/store/x',
  shop: 'x.myshopify.com',
  days: 30,
  seed: 3,
  visitsPerDay: 5,
  orders: 3,
  now: new Date('2026-11-25T18:00:00Z'),
});

describe('generateTraffic', () => {
  it('posts visits as the widget does and orders through cart and checkout with the cart cookie', async () => {
    const shop = fakeShop();
    const report = await generateTraffic(options(shop.fetch));
    expect(report.orders).toHaveLength(3);
    expect(report.orders[0]?.confirmationUrl).toBe(
      'http://app.test/sandbox/store/x/orders/5500001',
    );
    const events = shop.calls.filter((c) => c.url.endsWith('/events'));
    for (const call of events) {
      const body = JSON.parse(call.body);
      expect(body).toEqual({
        visitorId: expect.stringMatching(/^v\d+\.s{22}$/),
        sessionId: expect.any(String),
        events: expect.any(Array),
      });
      expect(body.events.length).toBeLessThanOrEqual(50);
      for (const e of body.events)
        expect(Date.parse(e.at)).toBeLessThanOrEqual(Date.parse('2026-11-25T18:00:00Z'));
    }
    const cart = shop.calls.filter((c) => c.url.includes('/cart/') || c.url.endsWith('/checkout'));
    expect(cart.map((c) => c.url.split('/').pop())).toEqual([
      'update.js',
      'add.js',
      'checkout',
      'update.js',
      'add.js',
      'checkout',
      'update.js',
      'add.js',
      'checkout',
    ]);
    // The cookie the store set on the first call is sent with the next ones.
    expect(cart[0]?.cookie).toBeNull();
    expect(cart[1]?.cookie).toBe('cart=tok-1');
    expect(cart[2]?.cookie).toBe('cart=tok-1');
    const update = JSON.parse(cart[0]?.body ?? '{}');
    const add = JSON.parse(cart[1]?.body ?? '{}');
    // The cart names the visitor (the id before its signature), as the widget does.
    expect(report.orders[0]?.visitorId).toMatch(/^v\d+$/);
    expect(update.attributes._popstage_visitor).toBe(report.orders[0]?.visitorId);
    expect(add.items[0]).toMatchObject({
      quantity: 1,
      properties: { _popstage_clip: report.orders[0]?.clipId },
    });
    // Orders are dated on days of the period through the checkout's processed_at.
    const checkouts = cart.filter((c) => c.url.endsWith('/checkout'));
    expect(checkouts.map((c) => new URLSearchParams(c.body).get('processed_at'))).toEqual(
      report.orders.map((o) => o.placedAt),
    );
    for (const order of report.orders) {
      expect(Date.parse(order.placedAt)).toBeLessThan(Date.parse('2026-11-25T18:00:00Z'));
      expect(Date.parse(order.placedAt)).toBeGreaterThan(Date.parse('2026-10-26T18:00:00Z'));
    }
    expect(new Set(report.orders.map((o) => o.placedAt.slice(0, 10))).size).toBeGreaterThan(1);
    const days = new Set(report.events.map((e) => e.at.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(28);
    expect(report.accepted).toBe(report.events.length);
  });

  it('generates the same traffic for the same seed', async () => {
    const a = await generateTraffic(options(fakeShop().fetch));
    const b = await generateTraffic(options(fakeShop().fetch));
    expect(b.events).toEqual(a.events);
    const c = await generateTraffic({ ...options(fakeShop().fetch), seed: 4 });
    expect(c.events).not.toEqual(a.events);
  });
});
