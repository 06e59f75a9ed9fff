import { describe, expect, it } from 'vitest';
import { type Catalogue, catalogueSchema, parseCatalogue } from './catalogue';
import {
  displayFeatures,
  expandPlan,
  findAddon,
  findDiscountCode,
  findPlan,
  findPlanBySku,
  orderFeaturesForDisplay,
  publicAddons,
  publicPlans,
} from './catalogue-read';

/** A minimal valid catalogue; each failing test breaks one thing. */
function catalogue(): Catalogue {
  const usd = (amount: string) => [{ amount, currencyCode: 'USD' }];
  return {
    version: 1,
    currency: 'USD',
    features: [
      { id: 'mobile', name: 'Mobile', description: 'm' },
      { id: 'live', name: 'Live', description: 'l' },
      { id: 'popclips', name: 'Popclips', description: 'p' },
    ],
    plans: [
      {
        id: 'bundle-flexible-2025-monthly',
        name: 'Flexible 2025',
        skuCode: 'bundle-flexible-2025-monthly',
        type: 'bundle',
        visibility: 'public',
        price: usd('0.00'),
        addonIds: ['addon-popclips-basic'],
      },
      {
        id: 'bundle-flexible-monthly',
        name: 'Flexible',
        skuCode: 'bundle-flexible-monthly',
        type: 'bundle',
        visibility: 'private',
        price: usd('0.00'),
        addonIds: ['addon-popclips-free', 'addon-popclips-basic'],
      },
    ],
    addons: [
      {
        id: 'addon-popclips-basic',
        skuCode: 'addon-popclips-basic',
        name: 'basic',
        featureId: 'popclips',
        visibility: 'public',
        price: usd('29.99'),
        attributes: [
          {
            attributeId: 'popclips.monthlyViews.max',
            value: 15000,
            displayValue: '15,000',
            addonId: 'addon-popclips-basic',
          },
        ],
      },
      {
        id: 'addon-popclips-free',
        skuCode: 'addon-popclips-free',
        name: 'free',
        featureId: 'popclips',
        visibility: 'private',
        price: usd('0.00'),
        attributes: [],
      },
    ],
    discountCodes: [
      {
        code: 'SAVE10',
        description: '',
        kind: 'fixed_amount',
        value: '10.00',
        appliesTo: ['popclips'],
        startsAt: '2025-01-01T00:00:00.000Z',
        endsAt: '2026-01-01T00:00:00.000Z',
        maxRedemptions: null,
      },
    ],
  };
}

function messages(value: unknown): string[] {
  const result = catalogueSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('catalogueSchema', () => {
  it('accepts a valid catalogue', () => {
    expect(parseCatalogue(catalogue())).toEqual(catalogue());
  });

  it('rejects float prices and bad currencies', () => {
    const data = catalogue() as unknown as { addons: { price: unknown[] }[]; currency: string };
    (data.addons[0] as { price: unknown[] }).price = [{ amount: 29.99, currencyCode: 'USD' }];
    expect(messages(data).length).toBeGreaterThan(0);
    const euro = catalogue();
    euro.currency = 'EUR';
    expect(messages(euro)).toContain('Must be in the catalogue currency');
  });

  it('needs each feature once', () => {
    const data = catalogue();
    data.features.pop();
    expect(messages(data)[0]).toMatch(/exactly once/);
  });

  it('rejects duplicates and unknown or private add-ons on public plans', () => {
    const data = catalogue();
    const [basic] = data.addons;
    if (basic) data.addons.push(basic);
    expect(messages(data)).toContain('Duplicate addon-popclips-basic');
    const unknown = catalogue();
    unknown.plans[0]?.addonIds.push('addon-nope');
    expect(messages(unknown)).toContain('Unknown add-on addon-nope');
    const leaky = catalogue();
    leaky.plans[0]?.addonIds.push('addon-popclips-free');
    expect(messages(leaky)).toContain('A public plan offers public add-ons');
  });

  it('ties attributes to their add-on', () => {
    const data = catalogue();
    const attribute = data.addons[0]?.attributes[0];
    if (attribute) attribute.addonId = 'addon-other';
    expect(messages(data)).toContain('Must be the add-on id');
  });

  it('needs the standard plan, public', () => {
    const data = catalogue();
    data.plans = data.plans.slice(1);
    expect(messages(data)[0]).toMatch(/standard plan/);
    const hidden = catalogue();
    const standard = hidden.plans[0];
    if (standard) standard.visibility = 'private';
    expect(messages(hidden).some((message) => /standard plan/.test(message))).toBe(true);
  });

  it('checks discount codes', () => {
    const data = catalogue();
    const code = data.discountCodes[0];
    if (code) {
      code.code = 'save10';
      code.endsAt = code.startsAt;
    }
    expect(messages(data)).toEqual([
      'Codes are stored trimmed and upper-case',
      'Must be after startsAt',
    ]);
    const percent = { ...catalogue().discountCodes[0], kind: 'percentage', value: 0.2 };
    expect(messages({ ...catalogue(), discountCodes: [percent] }).length).toBeGreaterThan(0);
  });
});

describe('catalogue reads', () => {
  const data = catalogue();

  it('reorders features third, first, second', () => {
    expect(displayFeatures(data).map((feature) => feature.id)).toEqual([
      'popclips',
      'mobile',
      'live',
    ]);
    expect(orderFeaturesForDisplay([1, 2])).toEqual([1, 2]);
    expect(orderFeaturesForDisplay([1, 2, 3, 4])).toEqual([3, 1, 2, 4]);
  });

  it('expands plans and lists public ones', () => {
    const [standard] = publicPlans(data);
    expect(standard?.addons.map((addon) => addon.id)).toEqual(['addon-popclips-basic']);
    expect(standard).not.toHaveProperty('addonIds');
    expect(publicAddons(data).map((addon) => addon.id)).toEqual(['addon-popclips-basic']);
    const legacy = data.plans[1];
    if (legacy) {
      const expanded = expandPlan(
        { ...legacy, addonIds: ['addon-gone', 'addon-popclips-free'] },
        data.addons,
      );
      expect(expanded.addons.map((addon) => addon.id)).toEqual(['addon-popclips-free']);
    }
  });

  it('finds plans, add-ons and codes', () => {
    expect(findPlan(data, 'bundle-flexible-monthly')?.addons).toHaveLength(2);
    expect(findPlan(data, 'nope')).toBeNull();
    expect(findPlanBySku(data, 'bundle-flexible-monthly')?.id).toBe('bundle-flexible-monthly');
    expect(findPlanBySku(data, 'nope')).toBeNull();
    expect(findAddon(data, 'addon-popclips-free')?.name).toBe('free');
    expect(findAddon(data, 'nope')).toBeNull();
    expect(findDiscountCode(data, ' save10 ')?.kind).toBe('fixed_amount');
    expect(findDiscountCode(data, 'nope')).toBeNull();
  });
});
