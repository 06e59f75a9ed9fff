import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('catalogue for product tagging', () => {
  it('shows nothing until products are published to the sales channel', async () => {
    const res = await call(t, SHOP_A, 'GET', '/api/catalogue/products');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });

  it('pages published active products by 10 with cursors, and searches by title', async () => {
    // 40 products (of the store's hundreds): enough for two pages, without a whole catalogue's
    // worth of throttled publishing.
    const some = (await t.deps.platform.listProducts(SHOP_A, { first: 50 })).nodes.slice(0, 40);
    await t.deps.platform.publishProducts(
      SHOP_A,
      some.map((product) => product.id),
    );
    const first = (await call(t, SHOP_A, 'GET', '/api/catalogue/products')).json();
    expect(first.data).toHaveLength(10);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.data[0]).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/),
      title: expect.any(String),
      handle: expect.any(String),
      amount: expect.stringMatching(/^\d+\.\d{2}$/),
      currencyCode: 'USD',
    });
    const second = (
      await call(
        t,
        SHOP_A,
        'GET',
        `/api/catalogue/products?after=${encodeURIComponent(first.pageInfo.endCursor)}`,
      )
    ).json();
    expect(second.data).toHaveLength(10);
    const ids = new Set([...first.data, ...second.data].map((p: { id: string }) => p.id));
    expect(ids.size).toBe(20);

    // Every product shown is active and published.
    const shown = await t.deps.sandbox?.getProducts(SHOP_A, [...ids]);
    expect(shown?.every((p) => p.status === 'ACTIVE' && p.publishedToSalesChannel)).toBe(true);

    const word = String(first.data[0].title).split(' ')[0] ?? '';
    const searched = (
      await call(t, SHOP_A, 'GET', `/api/catalogue/products?query=${encodeURIComponent(word)}`)
    ).json();
    expect(searched.data.length).toBeGreaterThan(0);
    for (const product of searched.data) {
      expect(`${product.title} ${product.handle}`.toLowerCase()).toContain(word.toLowerCase());
    }
    const bad = await call(t, SHOP_A, 'GET', '/api/catalogue/products?after=nonsense');
    expect(bad.statusCode).toBe(400);
  });

  it('reads tagged products by id, in the order asked', async () => {
    const page = await t.deps.platform.listProducts(SHOP_A, { first: 3 });
    const ids = page.nodes.map((p) => p.id).reverse();
    const res = await call(t, SHOP_A, 'GET', `/api/catalogue/products/by-ids?ids=${ids.join(',')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { id: string }) => p.id)).toEqual(ids);
    expect((await call(t, SHOP_A, 'GET', '/api/catalogue/products/by-ids?ids=')).statusCode).toBe(
      400,
    );
  });

  it('searches collections, 20 at most', async () => {
    const all = (await call(t, SHOP_A, 'GET', '/api/catalogue/collections')).json();
    expect(all.data.length).toBeGreaterThan(0);
    expect(all.data.length).toBeLessThanOrEqual(20);
    expect(all.data[0]).toMatchObject({
      id: expect.any(String),
      productsCount: expect.any(Number),
    });
    const one = (
      await call(t, SHOP_A, 'GET', '/api/catalogue/collections?query=All%20products')
    ).json();
    expect(one.data.map((c: { title: string }) => c.title)).toContain('All products');
  });

  it('previews the first products of a collection, only the shop’s own', async () => {
    const [collection] = (await call(t, SHOP_A, 'GET', '/api/catalogue/collections')).json().data;
    const url = `/api/catalogue/collections/${encodeURIComponent(collection.id)}/products`;
    const preview = (await call(t, SHOP_A, 'GET', url)).json().data;
    expect(preview.length).toBeGreaterThan(0);
    expect(preview.length).toBeLessThanOrEqual(5);
    expect(preview[0]).toMatchObject({ id: expect.stringMatching(/^gid:\/\/shopify\/Product\//) });
    expect((await call(t, SHOP_A, 'GET', `${url}?first=2`)).json().data).toHaveLength(
      Math.min(2, preview.length),
    );
    expect((await call(t, SHOP_B, 'GET', url)).json().data).toEqual([]);
    expect(
      (await call(t, SHOP_A, 'GET', '/api/catalogue/collections/nope/products')).statusCode,
    ).toBe(400);
  });
});
