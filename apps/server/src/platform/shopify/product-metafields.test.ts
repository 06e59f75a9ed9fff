import { OTHER_SHOP } from '@popstage/shopify-sandbox';
import { describe, expect, it } from 'vitest';
import { harnessPerFile, SHOP, type ShopifyHarness } from '../../test/shopify/setup';
import { ShopifyUserError } from './errors';

let h: ShopifyHarness;
/** The shop's first 61 product ids; the 61st is only ever in the refused batch. */
let ids: string[];

harnessPerFile(async (started) => {
  h = started;
  ids = (await h.store.listProducts(SHOP, { first: 61 })).nodes.map((p) => p.id);
});

/** What the theme's product block reads: `product.metafields['$app'].clip_count`. */
const clipCount = (productId: string) => h.store.productClipCount(SHOP, productId);

const metafieldsSetCalls = () =>
  h
    .graphqlRequests()
    .filter((r) => r.operation === 'PopstageMetafieldsSet')
    .map((r) => r.variables.metafields as unknown[]);

describe('clip_count product metafield', () => {
  it("sets $app.clip_count on each product, 25 per metafieldsSet (Shopify's limit)", async () => {
    const counts = ids.slice(0, 60).map((productId, index) => ({
      productId,
      count: (index % 4) + 1,
    }));
    await h.platform.setProductClipCounts(SHOP, counts);

    const calls = metafieldsSetCalls();
    expect(calls.map((metafields) => metafields.length)).toEqual([25, 25, 10]);
    expect(calls[0]?.[1]).toEqual({
      ownerId: ids[1],
      namespace: '$app',
      key: 'clip_count',
      type: 'number_integer',
      value: '2',
    });
    expect(await clipCount(ids[0] ?? '')).toBe(1);
    expect(await clipCount(ids[26] ?? '')).toBe(3);
    expect(await clipCount(ids[59] ?? '')).toBe(4);
  });

  it('overwrites a count (metafieldsSet is an upsert) and sends nothing for no products', async () => {
    const productId = ids[4] ?? '';
    await h.platform.setProductClipCounts(SHOP, [{ productId, count: 7 }]);
    expect(await clipCount(productId)).toBe(7);
    await h.platform.setProductClipCounts(SHOP, [{ productId, count: 2 }]);
    expect(await clipCount(productId)).toBe(2);
    h.reset();
    await h.platform.setProductClipCounts(SHOP, []);
    expect(h.requests).toEqual([]);
  });

  it("turns Shopify's userErrors into a ShopifyUserError; the refused batch writes nothing", async () => {
    const last = ids[60] ?? '';
    const [foreign] = (await h.store.listProducts(OTHER_SHOP, { first: 1 })).nodes;
    for (const stranger of ['gid://shopify/Product/999999', foreign?.id ?? '']) {
      await expect(
        h.platform.setProductClipCounts(SHOP, [
          { productId: last, count: 4 },
          { productId: stranger, count: 1 },
        ]),
      ).rejects.toThrow(ShopifyUserError);
    }
    expect(await clipCount(last)).toBe(0);
    expect(await h.store.productClipCount(OTHER_SHOP, foreign?.id ?? '')).toBe(0);
  });
});
