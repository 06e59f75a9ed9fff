import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP } from '../store/shop-definitions';
import type { SandboxStore } from '../store/store';
import { type LocalShopifyTestApp, startLocalShopify } from '../testing/local-shopify-app';

let harness: LocalShopifyTestApp;
let store: SandboxStore;
let app: LocalShopifyTestApp['app'];

beforeAll(async () => {
  harness = await startLocalShopify();
  ({ app, store } = harness);
});
afterAll(() => harness.close());

describe('images', () => {
  it('serves a cacheable SVG placeholder', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/sandbox/images/classic-linen-shirt-2.svg',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.body).toContain('>CLS<');
  });

  it.each(['../secret.svg', 'Upper.svg', 'x.png', '-x.svg'])('rejects %s', async (file) => {
    const response = await app.inject({
      method: 'GET',
      url: `/sandbox/images/${encodeURIComponent(file)}`,
    });
    expect(response.statusCode).toBe(400);
  });

  it('serves the URLs the catalogue hands out', async () => {
    const [product] = (await store.listProducts(DEMO_SHOP, { first: 1 })).nodes;
    const url = new URL(product?.images[0]?.url ?? '');
    expect((await app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(200);
  });
});
