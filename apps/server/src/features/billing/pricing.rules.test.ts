import { BILLING_MESSAGES } from '@popstage/core/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import type { ShopRow } from '../../db/schema';
import { readCatalogueFile } from '../../deps';
import { createTestDatabase } from '../../test/database';
import { seedDiscountCodes } from './discount-codes';
import { billingOffer } from './offer';
import { planFacts } from './plan-facts';
import { priceSelection, usableDiscountCode } from './pricing';

/**
 * Plan gating and pricing against the committed catalogue and its seeded codes: a selection is
 * priced line by line with a usable code, anything the catalogue does not sell is a 400 with the
 * admin's message, and a shop's plan facts come from its add-on (the free one without).
 */
const catalogue = readCatalogueFile();
const PLAN = 'bundle-flexible-2025-monthly';
const NOW = new Date('2026-06-01T12:00:00Z');
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDiscountCodes(database.db, catalogue);
});
afterAll(() => database.close());

const price = (addonIds: string[], discountCode?: string | null) =>
  priceSelection(database.db, catalogue, { planId: PLAN, addonIds, discountCode }, NOW);
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { statusCode: number; message: string },
  );
  return error && { status: error.statusCode, message: error.message };
};

describe('pricing a selection', () => {
  it('prices the plan and its add-ons without a code', async () => {
    const priced = await price(['addon-popclips-basic', 'addon-mobile-pro']);
    expect(priced.order).toMatchObject({ subtotal: '109.98', discount: '0.00', total: '109.98' });
    expect(priced.currencyCode).toBe('USD');
    expect(priced.code).toBeNull();
    expect(priced.lineItems.map((item) => item.type)).toEqual(['plan', 'addon', 'addon']);
    expect(priced.lineItems[1]).toMatchObject({
      item: { id: 'addon-popclips-basic', chargedAmount: '29.99' },
    });
    expect((await price([], '  ')).code).toBeNull();
  });

  it('applies a usable code, typed in any case, as a discount line', async () => {
    const priced = await price(['addon-popclips-basic', 'addon-mobile-pro'], ' welcome20 ');
    expect(priced.order).toMatchObject({ discount: '22.00', total: '87.98' });
    expect(priced.lineItems.at(-1)).toEqual({
      type: 'discount',
      discountCode: 'WELCOME20',
      item: {
        code: 'WELCOME20',
        kind: 'percentage',
        amount: { amount: '22.00', currencyCode: 'USD' },
        percentage: 0.2,
      },
    });
    const free = await price(['addon-popclips-premium', 'addon-mobile-basic'], 'POPFREE');
    expect(free.lineItems[1]).toMatchObject({
      item: { id: 'addon-popclips-premium', chargedAmount: '0.00' },
    });
    expect(free.order.total).toBe('39.99');
  });

  it('refuses an expired, unknown or inapplicable code with the admin’s message', async () => {
    const notApplicable = { status: 400, message: BILLING_MESSAGES.discountNotApplicable };
    expect(await refusal(price(['addon-popclips-basic'], 'EXPIRED2024'))).toEqual(notApplicable);
    expect(await refusal(price(['addon-popclips-basic'], 'NOPE'))).toEqual(notApplicable);
    // POPFREE needs a popclips or mobile add-on; live alone gets nothing off.
    expect(await refusal(price(['addon-live-basic'], 'POPFREE'))).toEqual(notApplicable);
    expect(await usableDiscountCode(database.db, 'EXPIRED2024', NOW)).toBeNull();
    expect(await usableDiscountCode(database.db, null, NOW)).toBeNull();
    expect((await usableDiscountCode(database.db, 'save10', NOW))?.code).toBe('SAVE10');
  });

  it('sells only public plans, their add-ons, one per feature', async () => {
    expect(
      await refusal(
        priceSelection(
          database.db,
          catalogue,
          { planId: 'bundle-flexible-monthly', addonIds: [], discountCode: null },
          NOW,
        ),
      ),
    ).toEqual({ status: 400, message: 'Unknown plan bundle-flexible-monthly' });
    expect(await refusal(price(['addon-popclips-free']))).toEqual({
      status: 400,
      message: `Unknown add-on addon-popclips-free for plan ${PLAN}`,
    });
    expect(await refusal(price(['addon-nope']))).toEqual({
      status: 400,
      message: `Unknown add-on addon-nope for plan ${PLAN}`,
    });
    expect(await refusal(price(['addon-popclips-basic', 'addon-popclips-premium']))).toEqual({
      status: 400,
      message: 'Choose at most one add-on per feature',
    });
  });
});

describe('plan facts', () => {
  it('holds a shop without a subscription to the free add-on’s views', async () => {
    const shop = { id: '00000000-0000-4000-8000-000000000001', shopifyDomain: 'x.myshopify.com' };
    const facts = await planFacts(database.db, catalogue, shop as ShopRow);
    expect(facts.subscription).toBeNull();
    expect(facts.popclipsAddon).toBeNull();
    expect(facts.popclipsLevel).toBe('free');
    const free = catalogue.addons.find((addon) => addon.id === 'addon-popclips-free-2025');
    const max = free?.attributes.find((a) => a.attributeId === 'popclips.monthlyViews.max');
    expect(facts.maxViews).toBe(max?.value);
    expect(facts.maxViews).toBeGreaterThan(0);
  });
});

describe('the offer staff may propose', () => {
  it('lists the public plans, only the public add-ons a public plan offers, and the codes', async () => {
    const offer = await billingOffer(database.db, catalogue);
    expect(offer.plans).toEqual([
      { id: PLAN, name: expect.any(String), priceAmount: '0.00', currencyCode: 'USD' },
    ]);
    const addonIds = offer.features.flatMap((feature) => feature.addons.map((addon) => addon.id));
    expect(addonIds).toContain('addon-popclips-free-2025');
    expect(addonIds).toContain('addon-live-premium');
    // The private free add-on of the old plans is not for sale.
    expect(addonIds).not.toContain('addon-popclips-free');
    // In the catalogue's order of features.
    expect(offer.features.map((feature) => feature.id)).toEqual(
      catalogue.features.map((feature) => feature.id),
    );
    expect(
      offer.features
        .find((f) => f.id === 'popclips')
        ?.addons.find((a) => a.id === 'addon-popclips-basic'),
    ).toEqual({
      id: 'addon-popclips-basic',
      name: expect.any(String),
      priceAmount: '29.99',
      currencyCode: 'USD',
    });
    expect(offer.discountCodes.find((code) => code.code === 'EXPIRED2024')).toEqual({
      code: 'EXPIRED2024',
      description: '50% off, ended with 2024.',
      kind: 'percentage',
      // Stored codes keep their value as a decimal string, percentages included.
      value: '50.00',
      startsAt: '2024-01-01T00:00:00.000Z',
      endsAt: '2025-01-01T00:00:00.000Z',
      maxRedemptions: null,
    });
    expect(offer.discountCodes.find((code) => code.code === 'WELCOME20')?.endsAt).toBeNull();
  });
});
