import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeProducts } from '../../test/shopify/fake-admin-api';
import { SHOP, startShopifyHarness } from '../../test/shopify/setup';
import { ShopifyUserError } from './errors';

let h: Awaited<ReturnType<typeof startShopifyHarness>>;

beforeAll(async () => {
  h = await startShopifyHarness();
  // The 61st is never written but by the refused batch.
  h.fake.shop(SHOP).products = fakeProducts(61);
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  h.fake.requests.length = 0;
  await h.authorize();
});

const stored = (productId: string) =>
  h.fake.shop(SHOP).productMetafields.get(productId)?.get('$app.clip_count');

describe('clip_count product metafield', () => {
  it("sets $app.clip_count on each product, 25 per metafieldsSet (Shopify's limit)", async () => {
    const counts = fakeProducts(60).map((product, index) => ({
      productId: product.id,
      count: index % 4,
    }));
    await h.platform.setProductClipCounts(SHOP, counts);

    const calls = h.fake.requests.filter((r) => r.operation === 'PopstageMetafieldsSet');
    expect(calls.map((r) => (r.variables.metafields as unknown[]).length)).toEqual([25, 25, 10]);
    const [first] = calls.map((r) => r.variables.metafields as unknown[]);
    expect(first?.[1]).toEqual({
      ownerId: 'gid://shopify/Product/1002',
      namespace: '$app',
      key: 'clip_count',
      type: 'number_integer',
      value: '1',
    });
    expect(stored('gid://shopify/Product/1060')).toEqual({ type: 'number_integer', value: '3' });
    expect(stored('gid://shopify/Product/1001')?.value).toBe('0');
  });

  it('overwrites a count (metafieldsSet is an upsert) and sends nothing for no products', async () => {
    await h.platform.setProductClipCounts(SHOP, [
      { productId: 'gid://shopify/Product/1005', count: 7 },
    ]);
    await h.platform.setProductClipCounts(SHOP, [
      { productId: 'gid://shopify/Product/1005', count: 0 },
    ]);
    expect(stored('gid://shopify/Product/1005')?.value).toBe('0');
    h.fake.requests.length = 0;
    await h.platform.setProductClipCounts(SHOP, []);
    expect(h.fake.requests).toEqual([]);
  });

  it("turns Shopify's userErrors into a ShopifyUserError; the refused batch writes nothing", async () => {
    await expect(
      h.platform.setProductClipCounts(SHOP, [
        { productId: 'gid://shopify/Product/1061', count: 4 },
        { productId: 'gid://shopify/Product/999999', count: 1 },
      ]),
    ).rejects.toThrow(ShopifyUserError);
    expect(stored('gid://shopify/Product/1061')).toBeUndefined();
  });
});
