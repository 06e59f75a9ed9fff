import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { someProducts, subscribe } from '../../test/popclips';

/**
 * POST /api/media/csUpload's SQL (issue 11): the tenant (shop, seller, subscription) is read once
 * by the preHandler, the plan facts come from it and the catalogue from memory, and the view limit
 * is decided on numbers. Counted on PGlite, where every statement passes through client.query.
 */
let t: TestApp;
let statements: string[] | null = null;

beforeAll(async () => {
  t = await createTestApp();
  const database = t.deps.database;
  if (database.kind !== 'pglite') return;
  const client: PGlite = database.client;
  const query = client.query.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => {
    statements?.push(args[0]);
    return query(...args);
  }) as PGlite['query'];
});
afterAll(() => t.close());

/** The statements of one csUpload, once the shop row exists (the steady state). */
async function uploadStatements(shop: string): Promise<string[]> {
  const payload = {
    fileName: 'clip.mp4',
    fileMeta: { type: 'video/mp4', size: 1000 },
    metaData: { videoTitle: 'Counted', products: await someProducts(t, shop), featured: false },
  };
  expect((await call(t, shop, 'POST', '/api/media/csUpload', payload)).statusCode).toBe(201);
  statements = [];
  const res = await call(t, shop, 'POST', '/api/media/csUpload', payload);
  const seen = statements;
  statements = null;
  expect(res.statusCode, res.body).toBe(201);
  return seen;
}

const reads = (seen: string[], table: string) =>
  seen.filter((text) => new RegExp(`from "${table}"`).test(text)).length;
/** The app's own statements: the local Shopify (schema shopify_sandbox) shares the database. */
const appStatements = (seen: string[]) => seen.filter((text) => !/"shopify_sandbox"/.test(text));

describe('csUpload', () => {
  it.each([
    ['without a subscription', SHOP_A, null],
    ['on the basic add-on', SHOP_B, 'addon-popclips-basic'],
  ])('reads the plan once and no catalogue table (%s)', async (_case, shop, addon) => {
    if (t.deps.database.kind !== 'pglite') return;
    if (addon) await subscribe(t, shop, addon);
    const seen = await uploadStatements(shop);
    expect(reads(seen, 'subscriptions')).toBe(1);
    expect(reads(seen, 'shops')).toBe(1);
    expect(seen.filter((text) => /"billing_/.test(text))).toEqual([]);
    // Tenant (shop, seller, subscription), view limit (stored flag, period total), insert,
    // get-started step, settings of the answer. Was 17 (20 with a subscription) before issue 11.
    expect(appStatements(seen)).toHaveLength(8);
  });
});
