import { APP_ICON_SIZE } from '@popstage/core/mobile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { ALL_STEPS_DONE, appRequestBody, subscribeMobile, uploadAppImage } from '../../test/mobile';
import { mediaPath } from '../../test/popclips';

/**
 * The mobile app builder's calls (spec 03 §7): plan gating, every validation of §5, tenancy (shop B
 * never reads or changes shop A's request, setup, config or images), and the staff lifecycle.
 * Shop A is on Mobile Pro, shop B on Mobile Basic.
 */
let t: TestApp;
let staff: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  staff = { authorization: `Bearer ${t.deps.config.OPERATOR_API_TOKEN}` };
  await subscribeMobile(t, SHOP_A, 'addon-mobile-pro');
  await subscribeMobile(t, SHOP_B, 'addon-mobile-basic');
  // The branded app reads the Storefront API: what the app's sales channel has published.
  await t.deps.platform.publishProducts(SHOP_A);
});
afterAll(() => t.close());

const get = (shop: string, url: string) => call(t, shop, 'GET', url);
const post = (shop: string, url: string, body: object) => call(t, shop, 'POST', url, body);
const operator = (method: 'PATCH' | 'GET', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/operator/api/shops/${SHOP_A}/mobile-app-request${path}`,
    headers: staff,
    ...(payload ? { payload } : {}),
  });

describe('plan gating', () => {
  it('answers Access Denied with the plan code without the mobile feature', async () => {
    expect((await get(SHOP_A, '/api/store/v1/app-setup')).statusCode).toBe(200);
    // A fresh app: the shop has no subscription, so no mobile feature.
    const other = await createTestApp();
    try {
      const none = await other.asShop(SHOP_A, 'GET', '/api/store/v1/app-setup');
      expect(none.statusCode).toBe(403);
      expect(none.json()).toMatchObject({ message: 'Access Denied', planCode: null });
      await subscribeMobile(other, SHOP_A, 'addon-popclips-basic');
      const popclipsOnly = await other.asShop(SHOP_A, 'POST', '/api/store/v1/app-setup', {
        dunsCompletedAt: 1,
      });
      expect(popclipsOnly.statusCode).toBe(403);
      expect(popclipsOnly.json()).toMatchObject({
        message: 'Access Denied',
        planCode: 'bundle-flexible-2025-monthly',
      });
    } finally {
      await other.close();
    }
  });
});

describe('app setup checklist', () => {
  it('answers the mobile plan: Android and 10,000 downloads on Pro, iOS only on Basic', async () => {
    expect((await get(SHOP_A, '/api/store/v1/app-setup')).json().plan).toEqual({
      name: 'pro',
      android: true,
      downloadsMax: 10_000,
    });
    expect((await get(SHOP_B, '/api/store/v1/app-setup')).json().plan).toMatchObject({
      name: 'basic',
      android: false,
      downloadsMax: 1_000,
    });
  });

  it('starts not done, saves steps at once, and keeps each shop to its own', async () => {
    expect((await get(SHOP_A, '/api/store/v1/app-setup')).json().data).toEqual({
      dunsCompletedAt: 0,
      iosDevCompletedAt: 0,
      addDevEmailCompletedAt: 0,
    });
    const saved = await post(SHOP_A, '/api/store/v1/app-setup', {
      dunsCompletedAt: 1_700_000_000_000,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.dunsCompletedAt).toBe(1_700_000_000_000);
    expect((await get(SHOP_B, '/api/store/v1/app-setup')).json().data.dunsCompletedAt).toBe(0);
    const undone = await post(SHOP_A, '/api/store/v1/app-setup', { dunsCompletedAt: 0 });
    expect(undone.json().data.dunsCompletedAt).toBe(0);
  });

  it('refuses negative, future or unknown steps and stores nothing', async () => {
    for (const body of [
      { iosDevCompletedAt: -1 },
      { iosDevCompletedAt: t.clock.now().getTime() + 3_600_000 },
      { other: 1 },
    ]) {
      const answer = await post(SHOP_A, '/api/store/v1/app-setup', body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toHaveProperty('message');
    }
    expect((await get(SHOP_A, '/api/store/v1/app-setup')).json().data.iosDevCompletedAt).toBe(0);
  });
});

describe('image uploads', () => {
  it('signs uploads under apps/{shop} only, strips the file name, and serves the file publicly', async () => {
    const url = await uploadAppImage(t, SHOP_A, { width: 4, height: 4 }, 'My logo (final)!.png');
    expect(url).toMatch(
      new RegExp(
        `/mobile/v1/assets/apps/${SHOP_A.replace(/\./g, '\\.')}/\\d+-[0-9a-f]{8}-Mylogofinal\\.png$`,
      ),
    );
    const served = await t.app.inject({ method: 'GET', url: mediaPath(url) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const foreign = await get(
      SHOP_B,
      `/api/store/v1/files/signed-link?path=apps/${SHOP_A}&contentType=image/png&fileName=x.png`,
    );
    expect(foreign.statusCode).toBe(403);
    const wrongType = await get(
      SHOP_A,
      `/api/store/v1/files/signed-link?path=apps/${SHOP_A}&contentType=image/webp&fileName=x.webp`,
    );
    expect(wrongType.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/mobile/v1/assets/popclips/x.png' })).statusCode,
    ).toBe(404);
  });
});

describe('Storefront catalogue calls', () => {
  it('searches collections (value/label), previews one with 5 products, and reads a menu', async () => {
    const collections = (await get(SHOP_A, '/api/mobile/catalogue/collections')).json().data;
    expect(collections.length).toBeGreaterThan(0);
    expect(collections.length).toBeLessThanOrEqual(20);
    expect(Object.keys(collections[0]).sort()).toEqual(['label', 'value']);
    const preview = await get(
      SHOP_A,
      `/api/mobile/catalogue/collections/${encodeURIComponent(collections[0].value)}`,
    );
    expect(preview.json().data.products.length).toBeLessThanOrEqual(5);
    // Another shop's collection is not found in B's store.
    const foreign = await get(
      SHOP_B,
      `/api/mobile/catalogue/collections/${encodeURIComponent(collections[0].value)}`,
    );
    expect(foreign.json().data).toBeNull();
    const menu = (await get(SHOP_A, '/api/mobile/catalogue/menus/main-menu')).json().data;
    expect(menu.title).toBe('Main menu');
    expect((await get(SHOP_A, '/api/mobile/catalogue/menus/nope')).json().data).toBeNull();
    expect((await get(SHOP_A, '/api/mobile/catalogue/menus/Bad%20Handle')).statusCode).toBe(400);
  });
});

describe('the app request', () => {
  it('is refused with the spec’s messages until complete, storing nothing', async () => {
    const body = await appRequestBody(t, SHOP_A);
    const refused = async (payload: object, message: string) => {
      const answer = await post(SHOP_A, '/api/shopify/shop/mobile/app-request', payload);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().message).toBe(message);
    };
    await refused(body, 'Please complete all required steps');
    await post(SHOP_A, '/api/store/v1/app-setup', ALL_STEPS_DONE);
    await refused({ ...body, desiredAppName: '  ' }, 'This is a required field');
    await refused({ ...body, supportUrl: 'https://exa mple' }, 'Please enter a valid URL');
    await refused({ ...body, primaryColor: '#12345' }, 'Invalid hex code, ex. #f6f6f6');
    await refused(
      { ...body, collectionId: 'gid://shopify/Collection/999999999' },
      'Please select a collection',
    );
    const bImage = await uploadAppImage(t, SHOP_B, APP_ICON_SIZE);
    await refused({ ...body, iconS3Url: bImage }, 'Please fill out all required fields');
    // Sizes are checked on the stored bytes, not trusted from the browser.
    const small = await uploadAppImage(t, SHOP_A, { width: 1535, height: 1536 });
    await refused({ ...body, iconS3Url: small }, 'Selected image must be 1536x1536');
    await refused({ ...body, iconS3Url: body.launchS3Url }, 'Selected image must be 1536x1536');
    await refused({ ...body, launchS3Url: body.iconS3Url }, 'Selected image must be 1000x1600');
    const sideways = await uploadAppImage(t, SHOP_A, { width: 1600, height: 1000 });
    await refused({ ...body, launchS3Url: sideways }, 'Selected image must be 1000x1600');
    const notAnImage = await uploadAppImage(t, SHOP_A, {
      bytes: Buffer.from('GIF87a but not really'),
      contentType: 'image/gif',
    });
    await refused({ ...body, launchS3Url: notAnImage }, 'Selected image must be 1000x1600');
    await refused(
      { ...body, iconS3Url: 'https://evil.example/icon.png' },
      'Please fill out all required fields',
    );
    expect((await get(SHOP_A, '/api/shopify/shop/mobile/app-request')).json().data).toBeNull();
  });

  it('is submitted once: PENDING on iOS and Android for Pro, colours and collection in the config', async () => {
    const body = await appRequestBody(t, SHOP_A);
    const answer = await post(SHOP_A, '/api/shopify/shop/mobile/app-request', body);
    expect(answer.statusCode, answer.body).toBe(200);
    const request = answer.json().data;
    expect(request).toMatchObject({
      request_type: 'VFSNewApp',
      iosStatus: 'PENDING',
      androidStatus: 'PENDING',
      supportUrl: 'https://help.example.com',
      desiredAppName: 'Demo Store',
    });
    const again = await post(SHOP_A, '/api/shopify/shop/mobile/app-request', body);
    expect(again.statusCode).toBe(409);
    const config = (await get(SHOP_A, '/api/store/v1/app-config')).json().data;
    expect(config).toMatchObject({
      primaryColor: '#112233',
      secondaryColor: '#ddeeff',
      featuredShopifyCollectionGid: body.collectionId,
      showInventoryLimit: 10,
    });
    const shop = (await get(SHOP_A, '/api/shopify/shop')).json();
    expect(shop.mobileApp).toMatchObject({ requestSubmitted: true, iosStatus: 'PENDING' });
  });

  it('makes the checklist read-only once submitted: 409 and the steps kept', async () => {
    const before = (await get(SHOP_A, '/api/store/v1/app-setup')).json().data;
    expect(before).toEqual(ALL_STEPS_DONE);
    for (const body of [{ dunsCompletedAt: 0 }, { iosDevCompletedAt: t.clock.now().getTime() }]) {
      const answer = await post(SHOP_A, '/api/store/v1/app-setup', body);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe(
        'The app request has been submitted: its setup can no longer be changed.',
      );
    }
    expect((await get(SHOP_A, '/api/store/v1/app-setup')).json().data).toEqual(before);
    // Shop B has not submitted: its checklist still toggles.
    const b = await post(SHOP_B, '/api/store/v1/app-setup', { dunsCompletedAt: 0 });
    expect(b.statusCode, b.body).toBe(200);
  });

  it('is read and linked by its own shop only', async () => {
    const request = (await get(SHOP_A, '/api/shopify/shop/mobile/app-request')).json().data;
    const ids = `appRequestId=${request.id}&appRequestSkId=${encodeURIComponent(request.sk_identifier)}`;
    expect((await get(SHOP_A, `/api/shopify/shop/mobile/app-request?${ids}`)).statusCode).toBe(200);
    expect((await get(SHOP_B, `/api/shopify/shop/mobile/app-request?${ids}`)).statusCode).toBe(403);
    expect((await get(SHOP_B, '/api/shopify/shop/mobile/app-request')).json().data).toBeNull();
    const link = { requestId: request.id, skIdentifier: request.sk_identifier };
    expect((await post(SHOP_B, '/api/shopify/shop/app-request', link)).statusCode).toBe(403);
    expect((await post(SHOP_A, '/api/shopify/shop/app-request', link)).statusCode).toBe(200);
    const shop = (await get(SHOP_A, '/api/shopify/shop')).json();
    expect(shop).toMatchObject({
      appRequestId: request.id,
      appRequestSkIdentifier: request.sk_identifier,
    });
    expect((await get(SHOP_B, '/api/shopify/shop')).json().appRequestId).toBeNull();
  });

  it('leaves Android out on Mobile Basic', async () => {
    await post(SHOP_B, '/api/store/v1/app-setup', ALL_STEPS_DONE);
    const answer = await post(
      SHOP_B,
      '/api/shopify/shop/mobile/app-request',
      await appRequestBody(t, SHOP_B),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ iosStatus: 'PENDING', androidStatus: null });
  });
});

describe('the Apple developer e-mail', () => {
  it("answers the shop's own subdomain only", async () => {
    const own = await get(
      SHOP_A,
      '/api/shopify/shop/mobile/apple-email?shopifySubdomain=demo-store',
    );
    expect(own.json().data.emailAddress).toBe('appdev+demo-store@popstage.app');
    const other = await get(
      SHOP_B,
      '/api/shopify/shop/mobile/apple-email?shopifySubdomain=demo-store',
    );
    expect(other.statusCode).toBe(403);
  });
});

describe('appearance and menus', () => {
  it('are refused before submission with Setup Not Completed', async () => {
    const other = await createTestApp();
    try {
      await subscribeMobile(other, SHOP_A, 'addon-mobile-pro');
      const answer = await other.asShop(SHOP_A, 'POST', '/api/store/v1/app-config', {
        bannerTitle: 'Hi',
      });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe('Setup Not Completed');
    } finally {
      await other.close();
    }
  });

  it('validate every field with the spec’s messages and store nothing when refused', async () => {
    const before = (await get(SHOP_A, '/api/store/v1/app-config')).json().data;
    const refused = async (payload: object, message: string) => {
      const answer = await post(SHOP_A, '/api/store/v1/app-config', payload);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().message).toBe(message);
    };
    await refused({ bannerColor: '' }, 'Required field');
    await refused({ liveBannerColor: 'f6f6f6' }, 'Invalid hex code, ex. #f6f6f6');
    await refused({ bannerTitle: '' }, 'Required field');
    await refused({ bannerText: 'x'.repeat(51) }, 'Maximum 50 characters');
    await refused({ showInventoryLimit: 0 }, 'Please enter a valid input');
    await refused({ showInventoryLimit: 100 }, 'Please enter a valid input');
    const fonts =
      'Please choose one of the fonts offered: Default, Inter, Roboto, Lato, Montserrat, Poppins';
    await refused({ font: 'Comic Sans' }, fonts);
    await refused({ font: 'inter' }, fonts);
    await refused({ font: '' }, fonts);
    await refused({ menuHandle: 'x'.repeat(51) }, 'Maximum 50 characters');
    await refused({ menuHandle: 'no-such-menu' }, 'Could not find any results');
    await refused(
      { collectionId: 'gid://shopify/Collection/999999999' },
      'Please select a collection',
    );
    await refused(
      { headerLogoUrl: 'https://evil.example/logo.png' },
      'Upload the header logo again',
    );
    const textLogo = await uploadAppImage(t, SHOP_A, {
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      contentType: 'image/png',
    });
    await refused({ headerLogoUrl: textLogo }, 'The header logo must be a gif, jpg or png image');
    expect((await get(SHOP_A, '/api/store/v1/app-config')).json().data).toEqual(before);
  });

  it('saves appearance and menus for the own shop only', async () => {
    const logo = await uploadAppImage(t, SHOP_A, { width: 20, height: 6 }, 'logo.png');
    const answer = await post(SHOP_A, '/api/store/v1/app-config', {
      bannerColor: '#f6f6f6',
      liveBannerColor: '#aa0000',
      bannerTitle: 'Summer sale',
      bannerText: 'Everything 20% off',
      liveBannerTitle: 'We are live',
      liveBannerText: 'Join the show',
      font: 'Inter',
      headerLogoUrl: logo,
      menuHandle: 'main-menu',
      shopMenuHandle: 'footer',
      customLinksHandle: '',
      showInventoryLimit: 5,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({
      bannerTitle: 'Summer sale',
      customFont: 'Inter',
      menuHandle: 'main-menu',
      showInventoryLimit: 5,
    });
    const b = (await get(SHOP_B, '/api/store/v1/app-config')).json().data;
    expect(b.bannerTitle).toBeNull();
    expect(b.publicAppId).not.toBe(answer.json().data.publicAppId);
  });

  it('needs a featured collection to save', async () => {
    const other = await createTestApp();
    try {
      await subscribeMobile(other, SHOP_A, 'addon-mobile-pro');
      await other.app.inject({
        method: 'PUT',
        url: `/operator/api/shops/${SHOP_A}/mobile-app-request`,
        headers: { authorization: `Bearer ${other.deps.config.OPERATOR_API_TOKEN}` },
        payload: { preset: 'submitted' },
      });
      const answer = await other.asShop(SHOP_A, 'POST', '/api/store/v1/app-config', {
        bannerTitle: 'Hi',
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('Please select a featured collection before saving.');
    } finally {
      await other.close();
    }
  });
});

describe('the client id', () => {
  it('is trimmed and 1 to 40 characters', async () => {
    const long = await post(SHOP_A, '/api/shopify/shop-info', {
      key: 'customerAccountClientId',
      value: 'x'.repeat(41),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('Please enter a valid Customer Account API Client ID');
    const saved = await post(SHOP_A, '/api/shopify/shop-info', {
      key: 'customerAccountClientId',
      value: '  shp_client-1  ',
    });
    expect(saved.statusCode).toBe(200);
    const config = (await get(SHOP_A, '/api/store/v1/app-config')).json().data;
    expect(config.customerAccountClientId).toBe('shp_client-1');
  });
});

describe('the public config API', () => {
  it('answers the saved config with the featured products and menus by public app id', async () => {
    const { publicAppId } = (await get(SHOP_A, '/api/store/v1/app-config')).json().data;
    const answer = await t.app.inject({ method: 'GET', url: `/mobile/v1/config/${publicAppId}` });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.shop.domain).toBe(SHOP_A);
    expect(body.appName).toBe('Demo Store');
    expect(body.config.bannerTitle).toBe('Summer sale');
    expect(body.featuredCollection.products.length).toBeGreaterThan(0);
    expect(body.menus.main.title).toBe('Main menu');
    expect(body.menus.shop.title).toBe('Footer menu');
    expect(body.menus.customLinks).toBeNull();
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/mobile/v1/config/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/mobile/v1/config/nope' })).statusCode).toBe(
      400,
    );
  });
});

describe('staff lifecycle', () => {
  it('sets iOS to REVIEW then LIVE with a link, which the shop and the history show', async () => {
    const review = await operator('PATCH', '', { iosStatus: 'review' });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().shop.mobileAppRequest.iosStatus).toBe('REVIEW');
    expect((await get(SHOP_A, '/api/shopify/shop')).json().mobileApp.iosStatus).toBe('REVIEW');
    const live = await operator('PATCH', '', {
      iosStatus: 'LIVE',
      iosLink: 'https://apps.apple.com/app/id1',
    });
    expect(live.statusCode, live.body).toBe(200);
    expect((await get(SHOP_A, '/api/shopify/shop')).json().mobileApp).toMatchObject({
      iosStatus: 'LIVE',
      iosLink: 'https://apps.apple.com/app/id1',
    });
    const history = (await operator('GET', '/history')).json().history;
    expect(history.map((line: { actor: string }) => line.actor)).toEqual([
      'staff',
      'staff',
      'merchant',
    ]);
  });

  it('refuses unknown states, empty changes and Android on Basic', async () => {
    expect((await operator('PATCH', '', { iosStatus: 'DONE' })).statusCode).toBe(400);
    expect((await operator('PATCH', '', {})).statusCode).toBe(400);
    expect((await operator('PATCH', '', { iosLink: 'http://x.example' })).statusCode).toBe(400);
    const android = await t.app.inject({
      method: 'PATCH',
      url: `/operator/api/shops/${SHOP_B}/mobile-app-request`,
      headers: staff,
      payload: { androidStatus: 'REVIEW' },
    });
    expect(android.statusCode).toBe(409);
    expect(android.json().message).toBe('Android needs the Pro mobile plan or higher');
  });
});
