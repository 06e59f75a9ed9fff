import { describe, expect, it } from 'vitest';
import { DEMO_SHOP } from '../store/shop-definitions';
import { useLocalShopify } from '../testing/local-shopify-app';
import { widgetScript } from '../testing/storefront-page';

const t = useLocalShopify({ resetEach: true });

describe('storefront', () => {
  const root = `/sandbox/store/${DEMO_SHOP}`;

  it('is where the primary domain points, with the catalogue and menus', async () => {
    const shop = await t.store.getShop(DEMO_SHOP);
    expect(new URL(shop?.primaryDomainUrl ?? '').pathname).toBe(root);
    const home = await t.app.inject({ method: 'GET', url: root });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    const [product] = (await t.store.listProducts(DEMO_SHOP, { first: 1, status: 'ACTIVE' })).nodes;
    expect(home.body).toContain(product?.title.replace('&', '&amp;'));
    expect(home.body).toContain(`${root}/pages/about-us`);
    // The theme app embed is off on a fresh store: no player.
    expect(widgetScript(home.body)).toBeNull();
  });

  it('loads the player the way the theme app embed does once the embed is on', async () => {
    await t.store.setAppEmbed(DEMO_SHOP, true);
    // Before the app has written its app_url metafield, the embed has nowhere to load from.
    expect(widgetScript((await t.app.inject({ method: 'GET', url: root })).body)).toBeNull();
    await t.store.setAppUrlMetafield(DEMO_SHOP, 'https://popstage.example');
    const home = await t.app.inject({ method: 'GET', url: root });
    // The loader comes from the extension's assets (Shopify's CDN); it finds the app by app_url.
    expect(widgetScript(home.body)).toMatchObject({
      src: expect.stringMatching(/\/extensions\/popstage\/assets\/popstage-loader\.js$/),
      appUrl: 'https://popstage.example',
      shop: DEMO_SHOP,
    });
    // A head embed goes where Shopify puts it: before </head>.
    const head = home.body.slice(0, home.body.indexOf('</head>'));
    expect(head).toContain('popstage-loader.js');
    await t.store.setAppEmbed(DEMO_SHOP, false);
  });

  it('shows active products, collections and pages; hides drafts', async () => {
    const [active] = (await t.store.listProducts(DEMO_SHOP, { first: 1, status: 'ACTIVE' })).nodes;
    const [draft] = (await t.store.listProducts(DEMO_SHOP, { first: 1, status: 'DRAFT' })).nodes;
    expect(
      (await t.app.inject({ method: 'GET', url: `${root}/products/${active?.handle}` })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `${root}/products/${draft?.handle}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${root}/collections/sale` })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${root}/collections/all` })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `${root}/collections/nope` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${root}/pages/faq` })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/sandbox/store/unknown.myshopify.com' }))
        .statusCode,
    ).toBe(404);
  });

  it('answers the old /sandbox/storefront address with a permanent redirect to the store', async () => {
    const moved = await t.app.inject({
      method: 'GET',
      url: `/sandbox/storefront/${DEMO_SHOP}/products/some-hat?variant=1`,
    });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`${root}/products/some-hat?variant=1`);
  });

  it('renders the live page the app creates and the app embed when it is on', async () => {
    const page = await t.store.createPage(DEMO_SHOP, {
      title: 'Live Shopping',
      handle: 'live',
      body: '<div id="popstage-live"></div>',
    });
    await t.store.setAppEmbed(DEMO_SHOP, true);
    await t.store.setAppUrlMetafield(DEMO_SHOP, 'https://popstage.example');
    const response = await t.app.inject({ method: 'GET', url: new URL(page.url).pathname });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="popstage-live"></div>');
    expect(response.body).toContain(`data-shop="${DEMO_SHOP}"`);
  });
});
