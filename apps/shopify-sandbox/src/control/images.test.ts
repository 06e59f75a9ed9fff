import { describe, expect, it } from 'vitest';
import { DEMO_SHOP } from '../store/shop-definitions';
import { useLocalShopify } from '../testing/local-shopify-app';

const t = useLocalShopify();

describe('images', () => {
  it('serves a cacheable SVG placeholder', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/sandbox/images/classic-linen-shirt-2.svg',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.body).toContain('>CLS<');
  });

  it.each(['../secret.svg', 'Upper.svg', 'x.png', '-x.svg'])('rejects %s', async (file) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/sandbox/images/${encodeURIComponent(file)}`,
    });
    expect(response.statusCode).toBe(400);
  });

  it('serves the URLs the catalogue hands out', async () => {
    const [product] = (await t.store.listProducts(DEMO_SHOP, { first: 1 })).nodes;
    const url = new URL(product?.images[0]?.url ?? '');
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(200);
  });
});
