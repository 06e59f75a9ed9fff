import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SHOP,
  type ShopifyHarness,
  STORE_BASE_URL,
  startShopifyHarness,
} from '../../test/shopify/setup';
import type { CreateAppSubscriptionInput } from '../port';
import { ShopifyUserError } from './errors';

let h: ShopifyHarness;

beforeAll(async () => {
  h = await startShopifyHarness({ billingTest: false });
  await h.authorize();
});

afterAll(async () => {
  await h.close();
});

beforeEach(() => {
  h.reset();
});

const input: CreateAppSubscriptionInput = {
  name: 'Popstage Growth',
  price: { amount: '79.99', currencyCode: 'USD' },
  discount: { percentage: 0.2, durationLimitInIntervals: 3 },
  returnUrl: `https://popstage.example/billing/return?shop=${SHOP}`,
  test: true,
  replacementBehavior: 'APPLY_IMMEDIATELY',
};

const numericId = (gid: string) => Number(gid.split('/').at(-1));

/** The local Shopify's record of the charge. */
const stored = async (gid: string) => h.store.getAppSubscription(numericId(gid));

const sentPricing = () =>
  h
    .graphqlRequests()
    .filter((r) => r.operation === 'PopstageAppSubscriptionCreate')
    .map(
      (r) =>
        (r.variables.lineItems as { plan: { appRecurringPricingDetails: object } }[])[0]?.plan
          .appRecurringPricingDetails,
    );

describe('app subscriptions', () => {
  it('creates a subscription with the documented variables and maps the pending charge', async () => {
    const result = await h.platform.createAppSubscription(SHOP, input);
    const sent = h.graphqlRequests().find((r) => r.operation === 'PopstageAppSubscriptionCreate');
    expect(sent?.variables).toEqual({
      name: 'Popstage Growth',
      returnUrl: `https://popstage.example/billing/return?shop=${SHOP}`,
      test: true,
      replacementBehavior: 'APPLY_IMMEDIATELY',
      lineItems: [
        {
          plan: {
            appRecurringPricingDetails: {
              price: { amount: '79.99', currencyCode: 'USD' },
              interval: 'EVERY_30_DAYS',
              discount: { value: { percentage: 0.2 }, durationLimitInIntervals: 3 },
            },
          },
        },
      ],
    });
    const charge = await stored(result.subscription.id);
    expect(charge).toMatchObject({
      shopDomain: SHOP,
      status: 'PENDING',
      returnUrl: input.returnUrl,
      replacementBehavior: 'APPLY_IMMEDIATELY',
      discountDurationLimitInIntervals: 3,
    });
    expect(result.confirmationUrl).toBe(
      `${STORE_BASE_URL}/sandbox/billing/confirm/${charge?.numericId}`,
    );
    expect(result.subscription).toEqual({
      id: expect.stringMatching(/^gid:\/\/shopify\/AppSubscription\/\d+$/),
      name: 'Popstage Growth',
      status: 'PENDING',
      test: true,
      createdAt: charge?.createdAt,
      currentPeriodEnd: null,
      price: { amount: '79.99', currencyCode: 'USD' },
      discount: { percentage: 0.2, amount: null },
      usage: null,
    });
  });

  it('sends an amount discount without a duration, and no discount at all when none', async () => {
    const withAmount = await h.platform.createAppSubscription(SHOP, {
      ...input,
      discount: { amount: '10.00' },
      replacementBehavior: 'STANDARD',
      test: false,
    });
    const plain = await h.platform.createAppSubscription(SHOP, {
      ...input,
      discount: undefined,
      test: false,
    });
    expect(sentPricing()).toEqual([
      {
        price: { amount: '79.99', currencyCode: 'USD' },
        interval: 'EVERY_30_DAYS',
        discount: { value: { amount: '10.00' } },
      },
      { price: { amount: '79.99', currencyCode: 'USD' }, interval: 'EVERY_30_DAYS' },
    ]);
    expect(
      h.graphqlRequests().map((r) => [r.variables.test, r.variables.replacementBehavior]),
    ).toEqual([
      [false, 'STANDARD'],
      [false, 'APPLY_IMMEDIATELY'],
    ]);
    expect(withAmount.subscription.discount).toEqual({ percentage: null, amount: '10.00' });
    expect(plain.subscription.discount).toBeNull();
    expect(await stored(withAmount.subscription.id)).toMatchObject({
      test: false,
      replacementBehavior: 'STANDARD',
      discount: { percentage: null, amount: '10.00' },
      discountDurationLimitInIntervals: null,
    });
    expect((await stored(plain.subscription.id))?.discount).toBeNull();
  });

  it('forces a test charge when the config says so', async () => {
    const testing = h.createPlatform({ billingTest: true });
    const result = await testing.createAppSubscription(SHOP, { ...input, test: false });
    expect(h.graphqlRequests().at(-1)?.variables.test).toBe(true);
    expect(result.subscription.test).toBe(true);
    expect((await stored(result.subscription.id))?.test).toBe(true);
  });

  it('surfaces userErrors and creates nothing', async () => {
    const before = (await h.store.listAppSubscriptions(SHOP)).length;
    const error = await h.platform
      .createAppSubscription(SHOP, { ...input, price: { amount: '0', currencyCode: 'USD' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyUserError);
    expect((error as Error).message).toMatch(/price/);
    expect(await h.store.listAppSubscriptions(SHOP)).toHaveLength(before);
  });

  it('lists only active subscriptions once approved, mapped from lineItems, then cancels with proration', async () => {
    expect(await h.platform.activeAppSubscriptions(SHOP)).toEqual([]);
    const { subscription } = await h.platform.createAppSubscription(SHOP, {
      ...input,
      name: 'Popstage Pro',
      price: { amount: '149', currencyCode: 'USD' },
      discount: { amount: '15', durationLimitInIntervals: 2 },
    });
    expect(await h.platform.activeAppSubscriptions(SHOP)).toEqual([]);

    // The merchant approves the charge at its confirmation URL.
    await h.store.approveAppSubscription(numericId(subscription.id));
    const charge = await stored(subscription.id);
    expect(charge?.currentPeriodEnd).toEqual(expect.any(String));
    expect(await h.platform.activeAppSubscriptions(SHOP)).toEqual([
      {
        id: subscription.id,
        name: 'Popstage Pro',
        status: 'ACTIVE',
        test: true,
        createdAt: subscription.createdAt,
        currentPeriodEnd: charge?.currentPeriodEnd,
        // Sent as "149"; the port always has two decimals.
        price: { amount: '149.00', currencyCode: 'USD' },
        discount: { percentage: null, amount: '15.00' },
        usage: null,
      },
    ]);
    expect(h.graphqlRequests().at(-1)?.operation).toBe('PopstageActiveSubscriptions');

    await h.platform.cancelAppSubscription(SHOP, subscription.id);
    const cancel = h.graphqlRequests().find((r) => r.operation === 'PopstageAppSubscriptionCancel');
    expect(cancel?.variables).toEqual({ id: subscription.id, prorate: true });
    expect((await stored(subscription.id))?.status).toBe('CANCELLED');
    expect(await h.platform.activeAppSubscriptions(SHOP)).toEqual([]);

    // A charge the merchant never approved cannot be cancelled: Shopify's userErrors surface.
    const pending = await h.platform.createAppSubscription(SHOP, input);
    await expect(h.platform.cancelAppSubscription(SHOP, pending.subscription.id)).rejects.toThrow(
      ShopifyUserError,
    );
    expect((await stored(pending.subscription.id))?.status).toBe('PENDING');
  });
});
