import { StoreError } from '../store/errors';
import type { SandboxUsageRecord } from '../store/store';
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
      ...(subscription.usage
        ? [
            {
              id: subscription.usage.lineItemId,
              plan: {
                pricingDetails: {
                  __typename: 'AppUsagePricing',
                  interval: 'EVERY_30_DAYS',
                  cappedAmount: subscription.usage.cappedAmount,
                  balanceUsed: {
                    amount: subscription.usage.balanceUsed,
                    currencyCode: subscription.usage.cappedAmount.currencyCode,
                  },
                  terms: subscription.usage.terms,
                },
              },
            },
          ]
        : []),
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
    appUsagePricingDetails?: {
      cappedAmount: { amount: string | number; currencyCode: string };
      terms: string;
    };
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
  // Shopify allows one recurring and one usage line item; each line item names one of them.
  const recurring = args.lineItems.flatMap((item) => item.plan.appRecurringPricingDetails ?? []);
  const usage = args.lineItems.flatMap((item) => item.plan.appUsagePricingDetails ?? []);
  const [pricing] = recurring;
  const [usagePricing] = usage;
  if (
    recurring.length !== 1 ||
    !pricing ||
    usage.length > 1 ||
    args.lineItems.some(
      (item) => !item.plan.appRecurringPricingDetails === !item.plan.appUsagePricingDetails,
    )
  ) {
    return refused(
      'The local Shopify bills one recurring line item, and at most one usage line item, per subscription',
      ['lineItems'],
    );
  }
  if (usagePricing && usagePricing.cappedAmount.currencyCode !== pricing.price.currencyCode) {
    return refused('Currency codes of all line items must match', ['lineItems']);
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
      ...(usagePricing
        ? {
            usage: {
              cappedAmount: {
                amount: decimal(usagePricing.cappedAmount.amount),
                currencyCode: usagePricing.cappedAmount.currencyCode,
              },
              terms: usagePricing.terms,
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

/**
 * appUsageRecordCreate: a usage charge under the subscription's usage line item. The same
 * idempotencyKey answers the record made the first time (no second charge); a price taking the
 * interval's usage over the capped amount is refused with Shopify's message.
 */
export async function appUsageRecordCreate(
  args: {
    subscriptionLineItemId: string;
    price: { amount: string | number; currencyCode: string };
    description: string;
    idempotencyKey?: string | null;
  },
  context: AdminContext,
) {
  try {
    const record = await context.store.createAppUsageRecord(context.shop, {
      lineItemId: args.subscriptionLineItemId,
      price: { amount: decimal(args.price.amount), currencyCode: args.price.currencyCode },
      description: args.description,
      idempotencyKey: args.idempotencyKey ?? null,
    });
    // The record's line item as the subscription shows it (with its balance after this record).
    const charge = await context.store.getAppSubscription(
      Number(/AppSubscriptionLineItem\/(\d+)/.exec(record.lineItemId)?.[1]),
    );
    const lineItem = charge
      ? appSubscriptionObject(charge).lineItems.find((item) => item.id === record.lineItemId)
      : undefined;
    return { appUsageRecord: usageRecordObject(record, lineItem), userErrors: [] };
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    const field =
      error.kind === 'not_found'
        ? ['subscriptionLineItemId']
        : error.message.startsWith('Description')
          ? ['description']
          : error.message.startsWith('Idempotency')
            ? ['idempotencyKey']
            : error.message.includes('line item') || error.message.includes('not active')
              ? ['subscriptionLineItemId']
              : ['price'];
    return { appUsageRecord: null, userErrors: [userError(error.message, field)] };
  }
}

function usageRecordObject(record: SandboxUsageRecord, lineItem: unknown) {
  return {
    __typename: 'AppUsageRecord',
    id: record.id,
    createdAt: record.createdAt,
    description: record.description,
    idempotencyKey: record.idempotencyKey,
    price: record.price,
    subscriptionLineItem: lineItem ?? { id: record.lineItemId },
  };
}
