import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHOP, startShopifyHarness } from '../../test/shopify/setup';
import type { CreateAppSubscriptionInput } from '../port';
import { ShopifyUserError } from './errors';

let h: Awaited<ReturnType<typeof startShopifyHarness>>;

beforeAll(async () => {
  h = await startShopifyHarness({ billingTest: false });
  await h.authorize();
});

afterAll(async () => {
  await h.close();
});

beforeEach(() => {
  h.fake.requests.length = 0;
});

const input: CreateAppSubscriptionInput = {
  name: 'Popstage Growth',
  price: { amount: '79.99', currencyCode: 'USD' },
  discount: { percentage: 0.2, durationLimitInIntervals: 3 },
  returnUrl: 'https://popstage.example/billing/return?shop=fake-store.myshopify.com',
  test: true,
  replacementBehavior: 'APPLY_IMMEDIATELY',
};

describe('app subscriptions', () => {
  it('creates a subscription with the documented variables and maps the pending charge', async () => {
    const result = await h.platform.createAppSubscription(SHOP, input);
    const sent = h.fake.requests.find((r) => r.operation === 'PopstageAppSubscriptionCreate');
    expect(sent?.variables).toEqual({
      name: 'Popstage Growth',
      returnUrl: 'https://popstage.example/billing/return?shop=fake-store.myshopify.com',
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
    expect(result.confirmationUrl).toMatch(/confirm_recurring_application_charge/);
    expect(result.subscription).toEqual({
      id: expect.stringMatching(/^gid:\/\/shopify\/AppSubscription\/\d+$/),
      name: 'Popstage Growth',
      status: 'PENDING',
      test: true,
      createdAt: '2025-05-01T10:00:00.000Z',
      currentPeriodEnd: null,
      price: { amount: '79.99', currencyCode: 'USD' },
      discount: { percentage: 0.2, amount: null },
    });
  });

  it('sends an amount discount without a duration, and no discount at all when none', async () => {
    await h.platform.createAppSubscription(SHOP, {
      ...input,
      discount: { amount: '10.00' },
      replacementBehavior: 'STANDARD',
      test: false,
    });
    await h.platform.createAppSubscription(SHOP, { ...input, discount: undefined, test: false });
    const [withAmount, plain] = h.fake.requests.map(
      (r) =>
        (r.variables.lineItems as { plan: { appRecurringPricingDetails: object } }[])[0]?.plan
          .appRecurringPricingDetails,
    );
    expect(withAmount).toEqual({
      price: { amount: '79.99', currencyCode: 'USD' },
      interval: 'EVERY_30_DAYS',
      discount: { value: { amount: '10.00' } },
    });
    expect(plain).toEqual({
      price: { amount: '79.99', currencyCode: 'USD' },
      interval: 'EVERY_30_DAYS',
    });
    expect(h.fake.requests.map((r) => [r.variables.test, r.variables.replacementBehavior])).toEqual(
      [
        [false, 'STANDARD'],
        [false, 'APPLY_IMMEDIATELY'],
      ],
    );
  });

  it('forces a test charge when the config says so', async () => {
    const testing = await startShopifyHarness({ billingTest: true });
    try {
      await testing.authorize();
      const result = await testing.platform.createAppSubscription(SHOP, { ...input, test: false });
      expect(testing.fake.requests.at(-1)?.variables.test).toBe(true);
      expect(result.subscription.test).toBe(true);
    } finally {
      await testing.close();
    }
  });

  it('surfaces userErrors', async () => {
    const error = await h.platform
      .createAppSubscription(SHOP, { ...input, price: { amount: '0', currencyCode: 'USD' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyUserError);
    expect((error as Error).message).toBe('Price must be greater than 0');
  });

  it('lists only active subscriptions once approved, mapped from lineItems, then cancels with proration', async () => {
    const before = await h.platform.activeAppSubscriptions(SHOP);
    expect(before).toEqual([]);
    const { subscription } = await h.platform.createAppSubscription(SHOP, {
      ...input,
      name: 'Popstage Pro',
      price: { amount: '149', currencyCode: 'USD' },
      discount: { amount: '15', durationLimitInIntervals: 2 },
    });
    expect(await h.platform.activeAppSubscriptions(SHOP)).toEqual([]);

    h.fake.approve(subscription.id);
    const active = await h.platform.activeAppSubscriptions(SHOP);
    expect(active).toEqual([
      {
        id: subscription.id,
        name: 'Popstage Pro',
        status: 'ACTIVE',
        test: true,
        createdAt: '2025-05-01T10:00:00.000Z',
        currentPeriodEnd: '2025-05-31T10:00:00.000Z',
        // Shopify answers "149.0"; the port always has two decimals.
        price: { amount: '149.00', currencyCode: 'USD' },
        discount: { percentage: null, amount: '15.00' },
      },
    ]);
    expect(h.fake.requests.at(-1)?.query).toContain('currentAppInstallation');

    await h.platform.cancelAppSubscription(SHOP, subscription.id);
    const cancel = h.fake.requests.find((r) => r.operation === 'PopstageAppSubscriptionCancel');
    expect(cancel?.variables).toEqual({ id: subscription.id, prorate: true });
    expect(await h.platform.activeAppSubscriptions(SHOP)).toEqual([]);
    await expect(h.platform.cancelAppSubscription(SHOP, subscription.id)).rejects.toThrow(
      'Subscription is not active',
    );
  });
});
