import { describe, expect, it } from 'vitest';
import { call, SHOP_A, SHOP_B } from '../../test/app';
import { someProducts, subscribe } from '../../test/popclips';
import { appStatements, recordedTestApp, steadyStatements } from '../../test/statements';

/**
 * POST /api/media/csUpload's SQL (issue 11): the tenant (shop, seller, subscription) is read once
 * by the preHandler, the plan facts come from it and the catalogue from memory, and the view limit
 * is decided on numbers. Counted on PGlite, where every statement passes through client.query.
 */
const file = recordedTestApp();

/** The statements of one csUpload, once the shop row exists (the steady state). */
async function uploadStatements(shop: string): Promise<string[]> {
  const payload = {
    fileName: 'clip.mp4',
    fileMeta: { type: 'video/mp4', size: 1000 },
    metaData: {
      videoTitle: 'Counted',
      products: await someProducts(file.t, shop),
      featured: false,
    },
  };
  const send = () => call(file.t, shop, 'POST', '/api/media/csUpload', payload);
  return steadyStatements(file.recorder, send, 201);
}

const reads = (seen: string[], table: string) =>
  seen.filter((text) => new RegExp(`from "${table}"`).test(text)).length;

describe('csUpload', () => {
  it.each([
    ['without a subscription', SHOP_A, null],
    ['on the basic add-on', SHOP_B, 'addon-popclips-basic'],
  ])('reads the plan once and no catalogue table (%s)', async (_case, shop, addon) => {
    if (!file.recorder.counted) return;
    if (addon) await subscribe(file.t, shop, addon);
    const seen = await uploadStatements(shop);
    expect(reads(seen, 'subscriptions')).toBe(1);
    expect(reads(seen, 'shops')).toBe(1);
    expect(seen.filter((text) => /"billing_/.test(text))).toEqual([]);
    // Tenant (shop, seller, subscription), view limit (stored flag, period total), insert,
    // get-started step, settings of the answer, the tagged products into the storefront's
    // snapshot. Was 17 (20 with a subscription) before issue 11.
    expect(appStatements(seen)).toHaveLength(9);
  });
});
