import { randomUUID } from 'node:crypto';
import {
  type Addon,
  BILLING_MESSAGES,
  type Catalogue,
  normaliseLimit,
} from '@popstage/core/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import type { ShopRow } from '../../db/schema';
import { insertActiveSubscription } from '../../test/billing';
import { committedCatalogue } from '../../test/catalogue';
import { createTestDatabase } from '../../test/database';
import { insertTestShop } from '../../test/rows';
import { seedDiscountCodes } from './discount-codes';
import { billingOffer } from './offer';
import { planFacts } from './plan-facts';
import { priceSelection, usableDiscountCode } from './pricing';
import { insertSubscription } from './subscription-store';

/**
 * Plan gating and pricing against the committed catalogue and its seeded codes: a selection is
 * priced line by line with a usable code, anything the catalogue does not sell is a 400 with the
 * admin's message, and a shop's plan facts come from its add-on (the free one without).
 */
const catalogue = committedCatalogue();
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

/**
 * A catalogue of our own beside the committed one (whose only public plan is free and in the
 * catalogue's currency): a priced plan in another currency first, a private plan after it, an
 * add-on only the private plan offers, a private add-on the public plan offers, and no live
 * add-on on sale.
 */
const addon = (id: string) => catalogue.addons.find((a) => a.id === id) as Addon;
const publicPlan = catalogue.plans.find((plan) => plan.id === PLAN);
const own: Catalogue = {
  ...catalogue,
  plans: [
    {
      ...(publicPlan as Catalogue['plans'][number]),
      id: 'plan-euro',
      skuCode: 'plan-euro',
      name: 'Euro plan',
      price: [{ amount: '10.00', currencyCode: 'EUR' }],
      addonIds: ['addon-popclips-basic', 'addon-mobile-basic', 'addon-popclips-secret'],
    },
    {
      ...(publicPlan as Catalogue['plans'][number]),
      id: 'plan-old',
      skuCode: 'plan-old',
      visibility: 'private',
      addonIds: ['addon-popclips-basic', 'addon-mobile-unoffered'],
    },
  ],
  addons: [
    addon('addon-popclips-basic'),
    addon('addon-mobile-basic'),
    { ...addon('addon-popclips-basic'), id: 'addon-popclips-secret', visibility: 'private' },
    { ...addon('addon-mobile-basic'), id: 'addon-mobile-unoffered' },
    addon('addon-live-basic'),
  ],
};

describe('pricing against another catalogue', () => {
  const priceOwn = (planId: string, addonIds: string[], discountCode: string | null = null) =>
    priceSelection(database.db, own, { planId, addonIds, discountCode }, NOW);

  it('charges the plan’s own price in its own currency', async () => {
    const priced = await priceOwn('plan-euro', ['addon-popclips-basic']);
    expect(priced.order).toMatchObject({ subtotal: '39.99', total: '39.99', applied: false });
    expect(priced.currencyCode).toBe('EUR');
    expect(priced.plan.id).toBe('plan-euro');
    expect(priced.addons.map((a) => a.id)).toEqual(['addon-popclips-basic']);
    expect(priced.lineItems).toEqual([
      {
        type: 'plan',
        item: {
          id: 'plan-euro',
          name: 'Euro plan',
          skuCode: 'plan-euro',
          price: [{ amount: '10.00', currencyCode: 'EUR' }],
        },
      },
      {
        type: 'addon',
        item: { ...addon('addon-popclips-basic'), chargedAmount: '29.99' },
      },
    ]);
  });

  it('prices a fixed-amount code as a discount line in the plan’s currency', async () => {
    const priced = await priceOwn('plan-euro', ['addon-mobile-basic'], 'save10');
    expect(priced.order).toMatchObject({ subtotal: '49.99', discount: '10.00', total: '39.99' });
    expect(priced.code?.code).toBe('SAVE10');
    expect(priced.lineItems.at(-1)).toEqual({
      type: 'discount',
      discountCode: 'SAVE10',
      item: {
        code: 'SAVE10',
        kind: 'fixed_amount',
        amount: { amount: '10.00', currencyCode: 'EUR' },
        percentage: null,
      },
    });
  });

  it('refuses a private plan listed after a public one, and an add-on its plan does not offer', async () => {
    expect(await refusal(priceOwn('plan-old', []))).toEqual({
      status: 400,
      message: 'Unknown plan plan-old',
    });
    expect(await refusal(priceOwn('plan-nope', []))).toEqual({
      status: 400,
      message: 'Unknown plan plan-nope',
    });
    expect(await refusal(priceOwn('plan-euro', ['addon-mobile-unoffered']))).toEqual({
      status: 400,
      message: 'Unknown add-on addon-mobile-unoffered for plan plan-euro',
    });
    expect(
      await refusal(priceOwn('plan-euro', ['addon-popclips-basic', 'addon-mobile-basic'])),
    ).toBeNull();
  });
});

describe('when a code is usable', () => {
  it('not before it starts, nor from its end on', async () => {
    expect(
      await usableDiscountCode(database.db, 'WELCOME20', new Date('2024-12-31T23:59:59Z')),
    ).toBeNull();
    expect(
      (await usableDiscountCode(database.db, 'WELCOME20', new Date('2025-01-01T00:00:00Z')))?.code,
    ).toBe('WELCOME20');
    expect(
      (await usableDiscountCode(database.db, 'EXPIRED2024', new Date('2024-12-31T23:59:59Z')))
        ?.code,
    ).toBe('EXPIRED2024');
    expect(
      await usableDiscountCode(database.db, 'EXPIRED2024', new Date('2025-01-01T00:00:00Z')),
    ).toBeNull();
  });

  it('not once its redemptions are used up; a checkout never approved redeems nothing', async () => {
    const shop = await insertTestShop(database.db, 'redeeming-store.myshopify.com');
    const subscription = (activatedAt: Date | null) =>
      insertSubscription(database.db, {
        shopId: shop.id,
        draftId: randomUUID(),
        planId: PLAN,
        addonIds: ['addon-popclips-basic'],
        status: activatedAt ? 'ACTIVE' : 'PENDING',
        isStub: true,
        discountCode: 'ONCEONLY',
        lineItems: [],
        subtotal: '29.99',
        total: '25.49',
        currencyCode: 'USD',
        activatedAt,
      });
    await subscription(null);
    expect((await usableDiscountCode(database.db, 'onceonly', NOW))?.code).toBe('ONCEONLY');
    await subscription(NOW);
    expect(await usableDiscountCode(database.db, 'ONCEONLY', NOW)).toBeNull();
    expect(await refusal(price(['addon-popclips-basic'], 'ONCEONLY'))).toEqual({
      status: 400,
      message: BILLING_MESSAGES.discountNotApplicable,
    });
  });
});

describe('plan facts of a subscribed shop', () => {
  let shopNumber = 1;
  const subscribed = async (addonIds: string[], domain?: string) => {
    const shop = await insertTestShop(database.db, domain ?? `facts-${shopNumber++}.myshopify.com`);
    if (addonIds.length > 0) {
      await insertActiveSubscription(database.db, { shopId: shop.id, addonIds, activatedAt: NOW });
    }
    return shop;
  };

  it('takes the limit and level of the subscription’s popclips add-on', async () => {
    const basic = await planFacts(
      database.db,
      catalogue,
      await subscribed(['addon-mobile-pro', 'addon-popclips-basic']),
    );
    expect(basic.subscription?.addonIds).toEqual(['addon-mobile-pro', 'addon-popclips-basic']);
    expect(basic.popclipsAddon?.id).toBe('addon-popclips-basic');
    expect(basic.popclipsLevel).toBe('basic');
    expect(basic.maxViews).toBe(15_000);

    const premium = await planFacts(
      database.db,
      catalogue,
      await subscribed(['addon-popclips-premium']),
    );
    expect(premium.popclipsLevel).toBe('premium');
    // -1 in the catalogue is unlimited, kept as a number comparisons can use.
    expect(premium.maxViews).toBe(normaliseLimit(-1));
    expect(premium.maxViews).toBeGreaterThan(1_000_000);
  });

  it('holds a subscription without a popclips add-on to the free add-on', async () => {
    const facts = await planFacts(database.db, catalogue, await subscribed(['addon-mobile-pro']));
    expect(facts.subscription).not.toBeNull();
    expect(facts.popclipsAddon).toBeNull();
    expect(facts.popclipsLevel).toBe('free');
    expect(facts.maxViews).toBe(1000);
  });

  it('gives the allow-listed stores premium whatever they pay', async () => {
    const facts = await planFacts(
      database.db,
      catalogue,
      await subscribed([], 'popstage-demo.myshopify.com'),
    );
    expect(facts.popclipsLevel).toBe('premium');
    expect(facts.popclipsAddon).toBeNull();
  });

  it('allows no views when the catalogue has no free add-on to fall back on', async () => {
    const facts = await planFacts(database.db, own, await subscribed([]));
    expect(facts.maxViews).toBe(0);
  });
});

describe('the offer of another catalogue', () => {
  it('lists public plans at their price, and per feature only public add-ons a public plan offers', async () => {
    const offer = await billingOffer(database.db, own);
    expect(offer.plans).toEqual([
      { id: 'plan-euro', name: 'Euro plan', priceAmount: '10.00', currencyCode: 'EUR' },
    ]);
    // Live has nothing on sale and is left out; the private and the unoffered add-ons too.
    expect(offer.features).toEqual([
      {
        id: 'mobile',
        name: expect.any(String),
        addons: [
          {
            id: 'addon-mobile-basic',
            name: addon('addon-mobile-basic').name,
            priceAmount: '39.99',
            currencyCode: 'USD',
          },
        ],
      },
      {
        id: 'popclips',
        name: expect.any(String),
        addons: [
          {
            id: 'addon-popclips-basic',
            name: addon('addon-popclips-basic').name,
            priceAmount: '29.99',
            currencyCode: 'USD',
          },
        ],
      },
    ]);
    expect(offer.features.map((f) => f.name)).toEqual(
      own.features.filter((f) => f.id !== 'live').map((f) => f.name),
    );
    expect(offer.discountCodes.find((code) => code.code === 'ONCEONLY')?.maxRedemptions).toBe(1);
  });
});
