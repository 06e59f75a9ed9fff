import { z } from 'zod';
import type { Money, Subscription, SubscriptionLineItem } from '../shop/types';

/**
 * The subscription as the billing calls answer it (spec 01 §3). The types are core/shop's (the
 * Shop entity carries a subscription too); these schemas are checked against them below.
 */

export const moneySchema = z.object({ amount: z.string(), currencyCode: z.string() });

export const subscriptionLineItemSchema = z.object({
  type: z.enum(['plan', 'addon', 'discount']),
  item: z.record(z.string(), z.unknown()),
  discountCode: z.string().optional(),
});

const SUBSCRIPTION_STATUSES = ['PENDING', 'ACTIVE', 'DECLINED', 'CANCELLED', 'REPLACED'] as const;

export const subscriptionSchema = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  planId: z.string(),
  /** The add-ons bought with the plan (also in lineItems), for pre-selecting the plan pickers. */
  addonIds: z.array(z.string()),
  /** When the merchant approved it (the billing cycle counts from here); null until then. */
  activatedAt: z.string().nullable(),
  subscriptionSubtotal: moneySchema,
  subscriptionTotal: moneySchema,
  subscriptionDiscount: moneySchema.nullable(),
  subscriptionDiscountPercentage: z.number().nullable(),
  isStubSubscription: z.boolean(),
  confirmationUrl: z.string().nullable(),
  createdAt: z.string(),
  lineItems: z.array(subscriptionLineItemSchema),
});

// Compile-time proof that the schemas describe core/shop's wire types exactly.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _same: [
  Same<z.infer<typeof moneySchema>, Money>,
  Same<z.infer<typeof subscriptionLineItemSchema>, SubscriptionLineItem>,
  Same<z.infer<typeof subscriptionSchema>, Subscription>,
] = [true, true, true];
void _same;
