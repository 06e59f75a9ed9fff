import {
  type CheckoutReasonFacts,
  checkoutReason,
  isPopclipsCreationBlocked,
  type PopclipsGating,
} from '@popstage/core/billing';
import type { Shop } from '@popstage/core/shop';
import type { ApiClient } from '../../lib/api/client';
import { sendAppEvent } from '../analytics';

export interface CheckoutEventInput {
  shop: Shop;
  gating: PopclipsGating | undefined;
  trigger: CheckoutReasonFacts['trigger'];
  planId: string;
  addonIds: readonly string[];
  newPrice: string;
  discountCode: string | null;
  /** Which screen the checkout started from. */
  source: 'select_plans' | 'manage_plans' | 'pending_plan_change';
}

/** The checkout's analytics event with its reason (spec 01 §4); never blocks the checkout. */
export function sendCheckoutEvent(api: ApiClient, input: CheckoutEventInput): Promise<void> {
  const { shop, gating } = input;
  const reason = checkoutReason({
    hadActiveSubscription: shop.subscriptionActive,
    viewsLimited: gating ? isPopclipsCreationBlocked(gating) : false,
    currentPrice: shop.subscription?.subscriptionTotal.amount ?? null,
    newPrice: input.newPrice,
    trigger: input.trigger,
  });
  return sendAppEvent(api, shop, {
    action: 'checkout',
    category: 'billing',
    stage: 'confirm',
    properties: {
      reason,
      source: input.source,
      planId: input.planId,
      addonIds: input.addonIds.join(','),
      newPrice: input.newPrice,
      currentPrice: shop.subscription?.subscriptionTotal.amount ?? null,
      discountCode: input.discountCode,
    },
  });
}
