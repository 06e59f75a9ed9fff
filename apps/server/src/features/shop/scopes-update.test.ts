import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopifySessions } from '../../db/schema';
import { createTestApp, SHOP_A, type TestApp } from '../../test/app';
import { postWebhook } from '../../test/webhooks';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const grantedScope = async (shop: string) =>
  (
    await t.deps.database.db
      .select({ scope: shopifySessions.scope })
      .from(shopifySessions)
      .where(eq(shopifySessions.shopDomain, shop))
  )[0]?.scope;

describe('app/scopes_update', () => {
  it("records the scopes the merchant granted on the shop's stored token", async () => {
    const answer = await postWebhook(
      t,
      'app/scopes_update',
      {
        id: 1,
        previous: ['write_products'],
        current: ['write_products', 'read_orders', 'read_customers'],
        updated_at: new Date().toISOString(),
      },
      { shop: SHOP_A },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ ok: true, outcome: 'recorded' });
    expect(await grantedScope(SHOP_A)).toBe('write_products,read_orders,read_customers');
  });

  it('refuses a bad signature or payload, changing nothing; a shop without a token records nothing', async () => {
    const before = await grantedScope(SHOP_A);
    const forged = await postWebhook(
      t,
      'app/scopes_update',
      { current: [] },
      { shop: SHOP_A, hmac: 'bm9wZQ==' },
    );
    expect(forged.statusCode).toBe(401);
    const malformed = await postWebhook(
      t,
      'app/scopes_update',
      { current: 'all' },
      { shop: SHOP_A },
    );
    expect(malformed.statusCode).toBe(400);
    expect(await grantedScope(SHOP_A)).toBe(before);
    const unknown = await postWebhook(
      t,
      'app/scopes_update',
      { current: ['read_orders'] },
      { shop: 'nobody.myshopify.com' },
    );
    expect(unknown.json()).toMatchObject({ outcome: 'no_token' });
  });
});
