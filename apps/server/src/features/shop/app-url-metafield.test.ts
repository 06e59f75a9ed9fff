import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { shops } from '../../db/schema';
import { createTestApp, SHOP_A, type TestApp } from '../../test/app';
import { updateShop } from './service';

const APP_URL = 'https://popstage.example';
let t: TestApp;

const loadShop = async () =>
  t.app.inject({ method: 'GET', url: '/api/shopify/shop', headers: await t.auth(SHOP_A) });
const written = async () =>
  (
    await t.deps.database.db
      .select({ url: shops.appUrlMetafield })
      .from(shops)
      .where(eq(shops.shopifyDomain, SHOP_A))
  )[0]?.url;
const sandbox = () => {
  if (!t.deps.sandbox) throw new Error('sandbox store expected');
  return t.deps.sandbox;
};

beforeAll(async () => {
  t = await createTestApp({ APP_URL });
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => t.close());

describe('popstage.app_url metafield', () => {
  it('is written to APP_URL when the shop is installed, and not again on later loads', async () => {
    // What the local Shopify's metafieldsSet stores an installation's metafields with.
    const write = vi.spyOn(sandbox(), 'setAppDataMetafields');
    expect((await loadShop()).statusCode).toBe(200);
    expect(write).toHaveBeenCalledTimes(1);
    expect(await sandbox().appUrlMetafield(SHOP_A)).toBe(APP_URL);
    expect(await written()).toBe(APP_URL);

    expect((await loadShop()).statusCode).toBe(200);
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('does not break the install when the write fails, and the next app load retries', async () => {
    const reset = await t.app.inject({ method: 'POST', url: `/sandbox/api/shops/${SHOP_A}/reset` });
    expect(reset.statusCode).toBe(200);
    const write = vi
      .spyOn(sandbox(), 'setAppDataMetafields')
      .mockRejectedValueOnce(new Error('platform unavailable'));

    const first = await loadShop();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ shopifyDomain: SHOP_A });
    expect(await written()).toBeNull();
    expect(await sandbox().appUrlMetafield(SHOP_A)).toBeNull();

    expect((await loadShop()).statusCode).toBe(200);
    expect(write).toHaveBeenCalledTimes(2);
    expect(await written()).toBe(APP_URL);
    expect(await sandbox().appUrlMetafield(SHOP_A)).toBe(APP_URL);
  });

  it('is rewritten once the app has moved to another APP_URL', async () => {
    await updateShop(t.deps.database.db, SHOP_A, { appUrlMetafield: 'https://old.example' });
    await sandbox().setAppUrlMetafield(SHOP_A, 'https://old.example');
    expect((await loadShop()).statusCode).toBe(200);
    expect(await sandbox().appUrlMetafield(SHOP_A)).toBe(APP_URL);
    expect(await written()).toBe(APP_URL);
  });
});
