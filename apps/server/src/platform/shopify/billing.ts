import type {
  AppSubscriptionStatus,
  CreateAppSubscriptionInput,
  PlatformAppSubscription,
  UsageRecordInput,
} from '../port';
import { throwOnUserErrors } from './errors';
import type {
  PopstageActiveSubscriptionsQuery,
  PopstageAppSubscriptionCancelMutation,
  PopstageAppSubscriptionCreateMutation,
  PopstageAppSubscriptionFragment,
  PopstageAppUsageRecordCreateMutation,
} from './generated/admin.types';
import type { GraphqlRequest } from './graphql-client';
import { normalizeAmount } from './money';
import {
  ACTIVE_SUBSCRIPTIONS_QUERY,
  APP_SUBSCRIPTION_CANCEL_MUTATION,
  APP_SUBSCRIPTION_CREATE_MUTATION,
  APP_USAGE_RECORD_CREATE_MUTATION,
} from './queries/billing';

/**
 * Billing through Shopify app subscriptions. Popstage charges one recurring price every 30 days,
 * so a subscription has exactly one line item.
 *
 * lineItems mapping note: Shopify keeps price and discount per line item, under
 * `lineItems[].plan.pricingDetails` (a union: AppRecurringPricing | AppUsagePricing), and the
 * discount value is itself a union (AppSubscriptionDiscountAmount { amount: MoneyV2 } |
 * AppSubscriptionDiscountPercentage { percentage }). The port flattens that to the first
 * AppRecurringPricing line's `price` and `discount` ({ percentage, amount } with the other null).
 * `percentage` is passed through both ways exactly as Shopify has it (a Float).
 */

const STATUSES: readonly AppSubscriptionStatus[] = [
  'PENDING',
  'ACCEPTED',
  'ACTIVE',
  'DECLINED',
  'CANCELLED',
  'EXPIRED',
  'FROZEN',
];

export function toPlatformAppSubscription(
  node: PopstageAppSubscriptionFragment,
): PlatformAppSubscription {
  const recurring = node.lineItems
    .map((item) => item.plan.pricingDetails)
    .find((details) => details.__typename === 'AppRecurringPricing');
  const status = STATUSES.find((value) => value === node.status);
  if (!status) throw new Error(`Unknown app subscription status ${node.status}`);
  const usageLine = node.lineItems.find(
    (item) => item.plan.pricingDetails.__typename === 'AppUsagePricing',
  );
  const usagePricing =
    usageLine?.plan.pricingDetails.__typename === 'AppUsagePricing'
      ? usageLine.plan.pricingDetails
      : null;
  const discountValue = recurring?.discount?.value;
  return {
    id: node.id,
    name: node.name,
    status,
    test: node.test,
    createdAt: new Date(node.createdAt).toISOString(),
    currentPeriodEnd: node.currentPeriodEnd ? new Date(node.currentPeriodEnd).toISOString() : null,
    price: recurring
      ? {
          amount: normalizeAmount(recurring.price.amount),
          currencyCode: recurring.price.currencyCode,
        }
      : // Usage-only subscriptions have no recurring price; Popstage never creates those.
        { amount: '0.00', currencyCode: 'USD' },
    discount: discountValue
      ? discountValue.__typename === 'AppSubscriptionDiscountPercentage'
        ? { percentage: discountValue.percentage, amount: null }
        : { percentage: null, amount: normalizeAmount(discountValue.amount.amount) }
      : null,
    usage:
      usageLine && usagePricing
        ? {
            lineItemId: usageLine.id,
            cappedAmount: {
              amount: normalizeAmount(usagePricing.cappedAmount.amount),
              currencyCode: usagePricing.cappedAmount.currencyCode,
            },
            balanceUsed: normalizeAmount(usagePricing.balanceUsed.amount),
            terms: usagePricing.terms,
          }
        : null,
  };
}

/** The appSubscriptionCreate variables for the port's input. */
export function appSubscriptionCreateVariables(
  input: CreateAppSubscriptionInput,
  forceTest: boolean,
): Record<string, unknown> {
  const discount = input.discount;
  const hasDiscount =
    discount !== undefined && (discount.percentage !== undefined || discount.amount !== undefined);
  return {
    name: input.name,
    returnUrl: input.returnUrl,
    // A test charge whenever either side asks for one: config says "test" on every non-production
    // install, and a real charge must never slip through because one caller forgot the flag.
    test: input.test || forceTest,
    replacementBehavior: input.replacementBehavior,
    lineItems: [
      {
        plan: {
          appRecurringPricingDetails: {
            // Decimal is serialized as a string: amounts never become floats on the way.
            price: { amount: input.price.amount, currencyCode: input.price.currencyCode },
            interval: 'EVERY_30_DAYS',
            ...(hasDiscount
              ? {
                  discount: {
                    value:
                      discount.percentage !== undefined
                        ? { percentage: discount.percentage }
                        : { amount: discount.amount },
                    ...(discount.durationLimitInIntervals !== undefined
                      ? { durationLimitInIntervals: discount.durationLimitInIntervals }
                      : {}),
                  },
                }
              : {}),
          },
        },
      },
      ...(input.usage
        ? [
            {
              plan: {
                appUsagePricingDetails: {
                  cappedAmount: {
                    amount: input.usage.cappedAmount.amount,
                    currencyCode: input.usage.cappedAmount.currencyCode,
                  },
                  terms: input.usage.terms,
                },
              },
            },
          ]
        : []),
    ],
  };
}

export function createShopifyBilling(request: GraphqlRequest, options: { billingTest: boolean }) {
  return {
    async createAppSubscription(shop: string, input: CreateAppSubscriptionInput) {
      const data = await request<PopstageAppSubscriptionCreateMutation>(
        shop,
        APP_SUBSCRIPTION_CREATE_MUTATION,
        appSubscriptionCreateVariables(input, options.billingTest),
      );
      const payload = throwOnUserErrors('appSubscriptionCreate', data.appSubscriptionCreate);
      if (!payload.appSubscription || !payload.confirmationUrl) {
        throw new Error('Shopify appSubscriptionCreate answered without a subscription');
      }
      return {
        subscription: toPlatformAppSubscription(payload.appSubscription),
        confirmationUrl: payload.confirmationUrl,
      };
    },

    async activeAppSubscriptions(shop: string) {
      const data = await request<PopstageActiveSubscriptionsQuery>(
        shop,
        ACTIVE_SUBSCRIPTIONS_QUERY,
      );
      return data.currentAppInstallation.activeSubscriptions.map(toPlatformAppSubscription);
    },

    async cancelAppSubscription(shop: string, id: string) {
      const data = await request<PopstageAppSubscriptionCancelMutation>(
        shop,
        APP_SUBSCRIPTION_CANCEL_MUTATION,
        { id, prorate: true },
      );
      throwOnUserErrors('appSubscriptionCancel', data.appSubscriptionCancel);
    },

    async createAppUsageRecord(shop: string, input: UsageRecordInput) {
      const data = await request<PopstageAppUsageRecordCreateMutation>(
        shop,
        APP_USAGE_RECORD_CREATE_MUTATION,
        {
          subscriptionLineItemId: input.lineItemId,
          price: { amount: input.price.amount, currencyCode: input.price.currencyCode },
          description: input.description,
          idempotencyKey: input.idempotencyKey,
        },
      );
      const payload = throwOnUserErrors('appUsageRecordCreate', data.appUsageRecordCreate);
      if (!payload.appUsageRecord) {
        throw new Error('Shopify appUsageRecordCreate answered without a usage record');
      }
      return { id: payload.appUsageRecord.id };
    },
  };
}
