import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHOP, startShopifyHarness } from '../../test/shopify/setup';
import { ShopifyUserError } from './errors';

let h: Awaited<ReturnType<typeof startShopifyHarness>>;

beforeAll(async () => {
  h = await startShopifyHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  h.fake.requests.length = 0;
  await h.authorize();
});

describe('app_url app-data metafield', () => {
  it('sets popstage.app_url on the current app installation with metafieldsSet', async () => {
    await h.platform.setAppUrlMetafield(SHOP, 'https://popstage.example');

    expect(h.fake.requests.map((r) => r.operation)).toEqual([
      'PopstageAppInstallationId',
      'PopstageMetafieldsSet',
    ]);
    expect(h.fake.requests[1]?.variables).toEqual({
      metafields: [
        {
          ownerId: h.fake.shop(SHOP).appInstallationId,
          namespace: 'popstage',
          key: 'app_url',
          type: 'url',
          value: 'https://popstage.example',
        },
      ],
    });
    expect(h.fake.shop(SHOP).appMetafields.get('popstage.app_url')).toEqual({
      type: 'url',
      value: 'https://popstage.example',
    });
  });

  it('overwrites the value when the app moves (metafieldsSet is an upsert)', async () => {
    await h.platform.setAppUrlMetafield(SHOP, 'https://old.popstage.example');
    await h.platform.setAppUrlMetafield(SHOP, 'https://new.popstage.example');
    expect(h.fake.shop(SHOP).appMetafields.get('popstage.app_url')?.value).toBe(
      'https://new.popstage.example',
    );
  });

  it("turns Shopify's userErrors into a ShopifyUserError and stores nothing", async () => {
    const other = 'refusing-store.myshopify.com';
    await h.authorize(other);
    await expect(h.platform.setAppUrlMetafield(other, 'not a url')).rejects.toThrow(
      ShopifyUserError,
    );
    expect(h.fake.shop(other).appMetafields.size).toBe(0);
  });
});
