import type { Addon, Feature, Plan, PopclipsGatingWire } from '@popstage/core/billing';
import type { FeatureId, Subscription, SubscriptionLineItem } from '@popstage/core/shop';
import type { FakeRoutes } from './fake-routes';

/** The billing catalogue as the server answers it (apps/server catalogue.v1.json, trimmed). */

function addon(
  id: string,
  name: string,
  featureId: FeatureId,
  amount: string,
  limit: number,
): Addon {
  const attributeId = {
    popclips: 'popclips.monthlyViews.max',
    mobile: 'mobile.appDownloads.max',
    live: 'live.monthlyLiveEvents.max',
  } as const;
  return {
    id,
    skuCode: id,
    name,
    featureId,
    visibility: 'public',
    price: [{ amount, currencyCode: 'USD' }],
    attributes: [
      {
        attributeId: attributeId[featureId],
        value: limit,
        displayValue: limit === -1 ? 'Unlimited' : String(limit),
        addonId: id,
      },
    ],
  };
}

export const ADDONS = {
  popclipsFree: addon('addon-popclips-free-2025', 'free 2025', 'popclips', '0.00', 1000),
  popclipsBasic: addon('addon-popclips-basic', 'basic', 'popclips', '29.99', 15000),
  popclipsPremium: addon('addon-popclips-premium', 'premium', 'popclips', '149.99', -1),
  mobileBasic: addon('addon-mobile-basic', 'basic', 'mobile', '39.99', 1000),
  mobilePro: addon('addon-mobile-pro', 'pro', 'mobile', '79.99', 10000),
  mobilePremium: addon('addon-mobile-premium', 'premium', 'mobile', '199.99', -1),
  liveBasic: addon('addon-live-basic', 'basic', 'live', '49.99', 4),
  livePro: addon('addon-live-pro', 'pro', 'live', '99.99', 12),
  livePremium: addon('addon-live-premium', 'premium', 'live', '199.99', 1_000_000),
} as const;

export const STANDARD_PLAN: Plan = {
  id: 'bundle-flexible-2025-monthly',
  name: 'Flexible 2025',
  skuCode: 'bundle-flexible-2025-monthly',
  type: 'bundle',
  price: [{ amount: '0.00', currencyCode: 'USD' }],
  addons: Object.values(ADDONS),
};

export const FEATURES: Feature[] = [
  { id: 'popclips', name: 'Popclips: Shoppable Videos', description: 'Shoppable short videos.' },
  { id: 'mobile', name: 'Mobile App', description: 'A branded app for your store.' },
  { id: 'live', name: 'Live Selling', description: 'Sell live.' },
];

export function gatingWire(overrides: Partial<PopclipsGatingWire> = {}): PopclipsGatingWire {
  return {
    max_views: '15,000',
    total_views: 120,
    limit_access: false,
    start_date_of_views_count: '2026-01-01T00:00:00.000Z',
    type_of_date: 'subscription',
    ...overrides,
  };
}

/** Line items as the server writes them for a plan with these add-ons. */
export function lineItemsFor(
  addons: readonly Addon[],
  discount?: { code: string; amount: string },
): SubscriptionLineItem[] {
  return [
    {
      type: 'plan',
      item: {
        id: STANDARD_PLAN.id,
        name: STANDARD_PLAN.name,
        skuCode: STANDARD_PLAN.skuCode,
        price: STANDARD_PLAN.price,
      },
    },
    ...addons.map(
      (a): SubscriptionLineItem => ({
        type: 'addon',
        item: { ...a, chargedAmount: a.price[0]?.amount },
      }),
    ),
    ...(discount
      ? [
          {
            type: 'discount' as const,
            discountCode: discount.code,
            item: {
              code: discount.code,
              kind: 'percentage',
              amount: { amount: discount.amount, currencyCode: 'USD' },
            },
          },
        ]
      : []),
  ];
}

export function subscriptionWith(
  addons: readonly Addon[],
  overrides: Partial<Subscription> = {},
): Subscription {
  const total = addons
    .reduce((sum, a) => sum + Math.round(Number(a.price[0]?.amount ?? '0') * 100), 0)
    .toString();
  const amount = `${total.slice(0, -2) || '0'}.${total.slice(-2).padStart(2, '0')}`;
  return {
    id: 'sub-1',
    status: 'ACTIVE',
    planId: STANDARD_PLAN.id,
    addonIds: addons.map((a) => a.id),
    activatedAt: '2026-01-01T00:00:00.000Z',
    subscriptionSubtotal: { amount, currencyCode: 'USD' },
    subscriptionTotal: { amount, currencyCode: 'USD' },
    subscriptionDiscount: null,
    subscriptionDiscountPercentage: null,
    isStubSubscription: false,
    confirmationUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    lineItems: lineItemsFor(addons),
    ...overrides,
  };
}

/** What every page may read: the catalogue and an unremarkable gating. */
export function billingRoutes(): FakeRoutes {
  return {
    'GET /api/billing/plans': { body: [STANDARD_PLAN] },
    'GET /api/billing/features': { body: FEATURES },
    'GET /api/shopify/shop/popclips/gating': { body: { data: gatingWire() } },
    'GET /api/billing/live-fees': {
      body: { cappedAmount: null, balanceUsed: null, terms: null, fees: [] },
    },
    'PUT /ingest/appevents': { status: 202, body: { accepted: 1 } },
  };
}
