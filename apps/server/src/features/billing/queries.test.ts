import { describe, expect, it } from 'vitest';
import { SHOP_A } from '../../test/app';
import { appStatements, recordedTestApp, steadyStatements } from '../../test/statements';

/**
 * The billing calls' SQL (issue 11): the catalogue is read from memory (deps.catalogue), never
 * from tables, and the plan facts come from the tenant the preHandler resolved once. Counted on
 * PGlite, where every statement passes through client.query.
 */
const file = recordedTestApp();

/** The app's own statements of one call, once the shop row exists (the steady state). */
async function statementsOf(url: string): Promise<string[]> {
  const headers = await file.t.auth(SHOP_A);
  const send = () => file.t.app.inject({ method: 'GET', url, headers });
  return appStatements(await steadyStatements(file.recorder, send, 200));
}

const catalogueReads = (seen: string[]) => seen.filter((text) => /"billing_/.test(text));

describe('billing queries', () => {
  it.each([
    // The tenant: shop, seller, subscription.
    ['/api/billing/plans', 3],
    ['/api/billing/features', 3],
    // The tenant, then the stored view-limit flag and the period's view total.
    ['/api/shopify/shop/popclips/gating', 5],
  ])('%s reads no catalogue table (%i statements)', async (url, count) => {
    if (!file.recorder.counted) return;
    const seen = await statementsOf(url);
    expect(catalogueReads(seen)).toEqual([]);
    expect(seen).toHaveLength(count);
  });
});
