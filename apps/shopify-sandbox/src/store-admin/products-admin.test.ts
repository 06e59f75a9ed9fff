import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP, OTHER_SHOP } from '../store/shop-definitions';
import { useLocalShopify } from '../testing/local-shopify-app';

// The local Shopify's products admin: where the setup wizard's "Choose products" leads, to pick
// the products the Popstage sales channel may sell.
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const PAGE = `/sandbox/store/${DEMO_SHOP}/admin/products`;

const t = useLocalShopify();
beforeAll(async () => {
  for (const shop of [DEMO_SHOP, OTHER_SHOP]) {
    await t.app.inject({ method: 'POST', url: `/sandbox/api/shops/${shop}/reset` });
    await t.store.connectSalesChannel(shop, 'popstage');
  }
});

const activeProducts = async (shop: string) =>
  (await t.store.listProducts(shop, { first: 250, status: 'ACTIVE' })).nodes;
const field = (gid: string) => `product_${gid.split('/').pop()}`;

describe('products admin (the product picker)', () => {
  it('lists the shop’s products with a box for each active one not yet included', async () => {
    const [first] = await activeProducts(DEMO_SHOP);
    const page = await t.app.inject({ method: 'GET', url: PAGE });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(`name="${field(first?.id ?? '')}"`);
    expect(page.body).toContain('Include in Popstage');
  });

  it('includes only the picked products, in this shop only', async () => {
    const [first, second, third] = await activeProducts(DEMO_SHOP);
    const before = await t.store.countPublishedProducts(OTHER_SHOP);
    const saved = await t.app.inject({
      method: 'POST',
      url: `${PAGE}/sales-channel`,
      headers: FORM,
      payload: `${field(first?.id ?? '')}=on&${field(second?.id ?? '')}=on`,
    });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`${PAGE}?included=2`);
    const published = (await activeProducts(DEMO_SHOP)).filter((p) => p.publishedToSalesChannel);
    expect(published.map((p) => p.id).sort()).toEqual([first?.id, second?.id].sort());
    expect(published.map((p) => p.id)).not.toContain(third?.id);
    expect(await t.store.countPublishedProducts(OTHER_SHOP)).toBe(before);
    const page = await t.app.inject({ method: 'GET', url: `${PAGE}?included=2` });
    expect(page.body).toContain('2 products included in the Popstage sales channel.');
    expect(page.body).not.toContain(`name="${field(first?.id ?? '')}"`);
  });

  it('refuses a save with nothing picked, or for a shop that is not a sandbox shop', async () => {
    const before = await t.store.countPublishedProducts(DEMO_SHOP);
    const empty = await t.app.inject({
      method: 'POST',
      url: `${PAGE}/sales-channel`,
      headers: FORM,
      payload: 'other=1',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(
      'Select at least one product to include in the Popstage sales channel.',
    );
    expect(await t.store.countPublishedProducts(DEMO_SHOP)).toBe(before);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/sandbox/store/nobody.myshopify.com/admin/products',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
