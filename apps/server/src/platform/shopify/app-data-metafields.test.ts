import { OTHER_SHOP } from '@popstage/shopify-sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerOf, SHOP, type ShopifyHarness, startShopifyHarness } from '../../test/shopify/setup';
import { ShopifyUserError } from './errors';

let h: ShopifyHarness;

beforeAll(async () => {
  h = await startShopifyHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.authorize();
  h.reset();
});

const BUBBLE = { namespace: 'popstage', key: 'featured_bubble', type: 'json' };

describe('app-data metafields', () => {
  it('are set on the current app installation with metafieldsSet, and read back from it', async () => {
    expect(await h.platform.appDataMetafield(SHOP, 'popstage', 'featured_bubble')).toBeNull();
    const value = JSON.stringify({ clip: 'c1', title: 'Summer "drop"', loop: '/l?v=1' });
    await h.platform.setAppDataMetafields(SHOP, [{ ...BUBBLE, value }]);

    const [, installation, set] = h.graphqlRequests();
    expect([installation?.operation, set?.operation]).toEqual([
      'PopstageAppInstallationId',
      'PopstageMetafieldsSet',
    ]);
    const ownerId = answerOf<{ data: { currentAppInstallation: { id: string } } }>(installation)
      .data.currentAppInstallation.id;
    expect(ownerId).toMatch(/^gid:\/\/shopify\/AppInstallation\/\d+$/);
    expect(set?.variables).toEqual({ metafields: [{ ownerId, ...BUBBLE, value }] });

    expect(await h.platform.appDataMetafield(SHOP, 'popstage', 'featured_bubble')).toBe(value);
    // Each app-data metafield is its own: popstage.app_url is untouched, the other shop has none.
    expect(await h.platform.appDataMetafield(SHOP, 'popstage', 'app_url')).toBeNull();
    await h.authorize(OTHER_SHOP);
    expect(await h.platform.appDataMetafield(OTHER_SHOP, 'popstage', 'featured_bubble')).toBeNull();
  });

  it('refuse a value its type does not take, a missing type and a bad key, writing nothing', async () => {
    const before = await h.platform.appDataMetafield(SHOP, 'popstage', 'featured_bubble');
    for (const metafield of [
      { ...BUBBLE, value: '{not json' },
      { namespace: 'popstage', key: 'featured_bubble', type: '', value: '{}' },
      { ...BUBBLE, key: 'x', value: '{}' },
      { ...BUBBLE, namespace: 'ps', value: '{}' },
    ]) {
      await expect(h.platform.setAppDataMetafields(SHOP, [metafield])).rejects.toThrow(
        ShopifyUserError,
      );
    }
    expect(await h.platform.appDataMetafield(SHOP, 'popstage', 'featured_bubble')).toBe(before);
  });
});
