import { StoreError } from '../store/errors';
import type { PlatformAppSubscription } from '../store/types';
import { type AdminContext, userError } from './context';

/** A charge as Shopify's AppSubscription: one recurring line item every 30 days. */
export function appSubscriptionObject(subscription: PlatformAppSubscription) {
  const { price, discount } = subscription;
  const percentage = discount?.percentage ?? null;
  const amountOff = discount?.amount ?? null;
  const after =
    percentage !== null
      ? Number(price.amount) * (1 - percentage)
      : amountOff !== null
        ? Math.max(0, Number(price.amount) - Number(amountOff))
        : Number(price.amount);
  return {
    __typename: 'AppSubscription',
    id: subscription.id,
    name: subscription.name,
    status: subscription.status,
    test: subscription.test,
    createdAt: subscription.createdAt,
    currentPeriodEnd: subscription.currentPeriodEnd,
    lineItems: [
      {
        id: `${subscription.id.replace('AppSubscription', 'AppSubscriptionLineItem')}`,
        plan: {
          pricingDetails: {
            __typename: 'AppRecurringPricing',
            interval: 'EVERY_30_DAYS',
            price: { amount: price.amount, currencyCode: price.currencyCode },
            discount: discount
              ? {
                  durationLimitInIntervals: null,
                  remainingDurationInIntervals: null,
                  priceAfterDiscount: {
                    amount: after.toFixed(2),
                    currencyCode: price.currencyCode,
                  },
                  value:
                    percentage !== null
                      ? { __typename: 'AppSubscriptionDiscountPercentage', percentage }
                      : {
                          __typename: 'AppSubscriptionDiscountAmount',
                          amount: { amount: amountOff, currencyCode: price.currencyCode },
                        },
                }
              : null,
          },
        },
      },
    ],
  };
}

interface LineItemInput {
  plan: {
    appRecurringPricingDetails?: {
      price: { amount: string | number; currencyCode: string };
      interval?: string;
      discount?: {
        value: { percentage?: number; amount?: string | number };
        durationLimitInIntervals?: number;
      };
    };
    appUsagePricingDetails?: unknown;
  };
}

export async function appSubscriptionCreate(
  args: {
    name: string;
    returnUrl: string;
    test?: boolean | null;
    replacementBehavior?: 'APPLY_IMMEDIATELY' | 'APPLY_ON_NEXT_BILLING_CYCLE' | 'STANDARD' | null;
    lineItems: LineItemInput[];
  },
  context: AdminContext,
) {
  const recurring = args.lineItems.map((item) => item.plan.appRecurringPricingDetails);
  const [pricing] = recurring;
  if (recurring.length !== 1 || !pricing) {
    return refused('The local Shopify bills one recurring line item per subscription', [
      'lineItems',
    ]);
  }
  if (pricing.interval && pricing.interval !== 'EVERY_30_DAYS') {
    return refused('Only EVERY_30_DAYS recurring pricing is supported', ['lineItems', '0', 'plan']);
  }
  const discount = pricing.discount;
  try {
    const created = await context.store.createAppSubscription(context.shop, {
      name: args.name,
      price: { amount: decimal(pricing.price.amount), currencyCode: pricing.price.currencyCode },
      ...(discount
        ? {
            discount: {
              ...(discount.value.percentage !== undefined
                ? { percentage: discount.value.percentage }
                : {}),
              ...(discount.value.amount !== undefined
                ? { amount: decimal(discount.value.amount) }
                : {}),
              ...(discount.durationLimitInIntervals !== undefined
                ? { durationLimitInIntervals: discount.durationLimitInIntervals }
                : {}),
            },
          }
        : {}),
      returnUrl: args.returnUrl,
      test: args.test ?? false,
      replacementBehavior: args.replacementBehavior ?? 'STANDARD',
    });
    return {
      appSubscription: appSubscriptionObject(created.subscription),
      confirmationUrl: created.confirmationUrl,
      userErrors: [],
    };
  } catch (error) {
    if (error instanceof StoreError && error.kind === 'invalid')
      return refused(error.message, null);
    throw error;
  }
}

export async function appSubscriptionCancel(
  args: { id: string; prorate?: boolean | null },
  context: AdminContext,
) {
  try {
    await context.store.cancelAppSubscription(context.shop, args.id);
  } catch (error) {
    if (error instanceof StoreError) {
      return { appSubscription: null, userErrors: [userError(error.message, ['id'])] };
    }
    throw error;
  }
  return {
    appSubscription: { __typename: 'AppSubscription', id: args.id, status: 'CANCELLED' },
    userErrors: [],
  };
}

function refused(message: string, field: string[] | null) {
  return { appSubscription: null, confirmationUrl: null, userErrors: [userError(message, field)] };
}

/** Shopify's Decimal inputs arrive as strings or numbers; the store keeps two decimals. */
function decimal(value: string | number): string {
  return typeof value === 'number' ? value.toFixed(2) : value;
}
