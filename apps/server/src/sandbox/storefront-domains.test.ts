import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findShop } from '../features/shop';
import { ADMIN_LOAD_DOMAINS_TTL_MS } from '../features/shop/storefront-domains';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../test/app';

/**
 * Issue 27 point 1: the storefront API answers CORS for the shop's current domains. The local
 * Shopify's domain controls send the signed shop/update and domains/* webhooks; the app reads the
 * domains back from the Admin API (shop.primaryDomain, webPresences).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect((await call(t, SHOP_A, 'GET', '/api/shopify/shop')).statusCode).toBe(200);
  expect((await call(t, SHOP_B, 'GET', '/api/shopify/shop')).statusCode).toBe(200);
});
afterAll(() => t.close());

const CUSTOM = '127.0.0.2:3000';
const MARKET = '127.0.0.3:3000';

/** The CORS answer the feed gives a storefront page on `origin`. */
const allowedOrigin = async (shop: string, origin: string) => {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/storefront/v1/shops/${shop}/feed`,
    headers: { origin },
  });
  expect(answer.statusCode).toBe(200);
  return answer.headers['access-control-allow-origin'] ?? null;
};
const sandbox = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/sandbox/api/shops/${SHOP_A}${url}`,
    ...(payload ? { payload } : {}),
  });
const delivered = (answer: { json(): { deliveries: { topic: string; statusCode: number }[] } }) =>
  answer.json().deliveries.map(({ topic, statusCode }) => [topic, statusCode]);

describe('storefront domains', () => {
  it('answers CORS on a custom domain once it is primary, and on a market domain, after their webhooks', async () => {
    expect(await allowedOrigin(SHOP_A, `http://${CUSTOM}`)).toBeNull();

    // A custom domain redirects to the primary domain, as in Shopify: nothing runs on it yet.
    const added = await sandbox('POST', '/domains', { host: CUSTOM });
    expect(added.statusCode, added.body).toBe(200);
    expect(delivered(added)).toEqual([['domains/create', 200]]);
    expect(await allowedOrigin(SHOP_A, `http://${CUSTOM}`)).toBeNull();

    const primary = await sandbox('POST', '/domains/primary', {
      domainId: added.json().domain.numericId,
    });
    expect(delivered(primary)).toEqual([
      ['domains/update', 200],
      ['shop/update', 200],
    ]);
    expect(await allowedOrigin(SHOP_A, `http://${CUSTOM}`)).toBe(`http://${CUSTOM}`);
    // Product links follow the new primary domain.
    expect((await findShop(t.deps.database.db, SHOP_A))?.primaryDomainUrl).toBe(
      `http://${CUSTOM}/sandbox/store/${SHOP_A}`,
    );

    const market = await sandbox('POST', '/domains', { host: MARKET, market: 'Europe' });
    expect(delivered(market)).toEqual([['domains/create', 200]]);
    expect(await allowedOrigin(SHOP_A, `http://${MARKET}`)).toBe(`http://${MARKET}`);
    expect(await allowedOrigin(SHOP_A, `http://${CUSTOM}`)).toBe(`http://${CUSTOM}`);

    // A domain the shop does not own, and the other shop, get no CORS answer.
    expect(await allowedOrigin(SHOP_A, 'http://127.0.0.9:3000')).toBeNull();
    expect(await allowedOrigin(SHOP_B, `http://${CUSTOM}`)).toBeNull();
    expect(await allowedOrigin(SHOP_B, `http://${MARKET}`)).toBeNull();

    const removed = await sandbox('DELETE', `/domains/${market.json().domain.numericId}`);
    expect(delivered(removed)).toEqual([['domains/destroy', 200]]);
    expect(await allowedOrigin(SHOP_A, `http://${MARKET}`)).toBeNull();
  });

  it('reads the domains again on an admin load, at most once a minute per process, when a webhook was missed', async () => {
    // Changed in the store without a webhook (a lost delivery): the primary is the local origin.
    await t.deps.sandbox?.setPrimaryDomain(SHOP_A, null);
    expect(await allowedOrigin(SHOP_A, `http://${CUSTOM}`)).toBe(`http://${CUSTOM}`);
    const reads = vi.spyOn(t.deps.platform, 'storefrontDomains');
    // Within a minute of the last load's read, a load asks nothing (each read costs points).
    expect((await call(t, SHOP_A, 'GET', '/api/shopify/shop')).statusCode).toBe(200);
    expect(reads).not.toHaveBeenCalled();
    t.clock.advance(ADMIN_LOAD_DOMAINS_TTL_MS + 1);
    expect((await call(t, SHOP_A, 'GET', '/api/shopify/shop')).statusCode).toBe(200);
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();
    expect(await allowedOrigin(SHOP_A, `http://${CUSTOM}`)).toBeNull();
    expect((await findShop(t.deps.database.db, SHOP_A))?.primaryDomainUrl).toMatch(
      new RegExp(`/sandbox/store/${SHOP_A}$`),
    );
  });

  it("refuses a malformed host, another shop's host or a market domain as primary, changing nothing", async () => {
    const before = await t.deps.sandbox?.listDomains(SHOP_A);
    for (const host of ['not a host', 'demo-store.myshopify.com', 'a..b', '']) {
      const refused = await sandbox('POST', '/domains', { host });
      expect(refused.statusCode, host).toBe(400);
    }
    // CUSTOM is connected to shop A already: shop B cannot take it.
    const taken = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${SHOP_B}/domains`,
      payload: { host: CUSTOM },
    });
    expect(taken.statusCode).toBe(409);
    const market = await sandbox('POST', '/domains', { host: 'eu.example.com', market: 'Europe' });
    const id = market.json().domain.numericId;
    expect((await sandbox('POST', '/domains/primary', { domainId: id })).statusCode).toBe(400);
    const otherShops = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${SHOP_B}/domains/primary`,
      payload: { domainId: id },
    });
    expect(otherShops.statusCode).toBe(404);
    expect((await sandbox('DELETE', `/domains/${id}`)).statusCode).toBe(200);
    expect(await t.deps.sandbox?.listDomains(SHOP_A)).toEqual(before);
    expect(await t.deps.sandbox?.listDomains(SHOP_B)).toEqual([]);
  });
});
