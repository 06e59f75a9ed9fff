import { signSessionToken } from '../../auth/session-token';
import type { Database } from '../../db/client';
import { createShopifyPlatform } from '../../platform/shopify/shopify-platform';
import { createTestDatabase } from '../database';
import {
  FAKE_API_KEY,
  FAKE_API_SECRET,
  type FakeAdminApi,
  startFakeAdminApi,
} from './fake-admin-api';

export const SHOP = 'fake-store.myshopify.com';
export const EXTENSION_UUID = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

/** A Shopify platform wired to a fresh fake Admin API and an in-memory database. */
export async function startShopifyHarness(options: { billingTest?: boolean } = {}) {
  const fake: FakeAdminApi = await startFakeAdminApi();
  const database: Database = await createTestDatabase();
  const sleeps: number[] = [];
  const platform = createShopifyPlatform(database.db, {
    apiKey: FAKE_API_KEY,
    apiSecret: FAKE_API_SECRET,
    apiVersion: '2025-04',
    billingTest: options.billingTest ?? false,
    appUrl: 'https://popstage.example',
    themeExtension: EXTENSION_UUID,
    adminOrigin: fake.originFor,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  const sessionToken = (shop = SHOP) =>
    signSessionToken({ apiKey: FAKE_API_KEY, apiSecret: FAKE_API_SECRET }, shop);
  return {
    fake,
    database,
    platform,
    sleeps,
    sessionToken,
    /** Exchanges a token for the shop, as the first authenticated request would. */
    authorize: async (shop = SHOP) => platform.authorize?.(shop, await sessionToken(shop)),
    close: async () => {
      await fake.close();
      await database.close();
    },
  };
}
