import { OTHER_SHOP } from '@popstage/shopify-sandbox';
import { describe, expect, it } from 'vitest';
import { answerOf, harnessPerFile, SHOP, type ShopifyHarness } from '../../test/shopify/setup';
import { ShopifyUserError } from './errors';

let h: ShopifyHarness;
harnessPerFile((started) => {
  h = started;
});

describe('app_url app-data metafield', () => {
  it('sets popstage.app_url on the current app installation with metafieldsSet', async () => {
    await h.platform.setAppUrlMetafield(SHOP, 'https://popstage.example');

    const [installation, set] = h.graphqlRequests();
    expect([installation?.operation, set?.operation]).toEqual([
      'PopstageAppInstallationId',
      'PopstageMetafieldsSet',
    ]);
    const installationId = answerOf<{ data: { currentAppInstallation: { id: string } } }>(
      installation,
    ).data.currentAppInstallation.id;
    expect(set?.variables).toEqual({
      metafields: [
        {
          ownerId: installationId,
          namespace: 'popstage',
          key: 'app_url',
          type: 'url',
          value: 'https://popstage.example',
        },
      ],
    });
    // What the theme's `app.metafields.popstage.app_url` now reads.
    expect(await h.store.appUrlMetafield(SHOP)).toBe('https://popstage.example');
  });

  it('overwrites the value when the app moves (metafieldsSet is an upsert)', async () => {
    await h.platform.setAppUrlMetafield(SHOP, 'https://old.popstage.example');
    await h.platform.setAppUrlMetafield(SHOP, 'https://new.popstage.example');
    expect(await h.store.appUrlMetafield(SHOP)).toBe('https://new.popstage.example');
  });

  it("turns Shopify's userErrors into a ShopifyUserError and stores nothing", async () => {
    await h.authorize(OTHER_SHOP);
    await expect(h.platform.setAppUrlMetafield(OTHER_SHOP, 'not a url')).rejects.toThrow(
      ShopifyUserError,
    );
    expect(await h.store.appUrlMetafield(OTHER_SHOP)).toBeNull();
  });
});
