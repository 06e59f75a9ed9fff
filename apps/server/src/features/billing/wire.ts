import type { PurchaseResult, SubscriptionDraft } from '@popstage/core/billing';
import type { PendingSubscription, Subscription } from '@popstage/core/shop';
import type { DraftRow } from './draft-store';
import type { Purchase } from './service';
import type { SubscriptionRow } from './subscription-store';

/** Stored rows → the wire shapes of spec 01 §3. */

/** The amounts a draft is priced at, which the subscription made from it keeps. */
function amounts(row: DraftRow | SubscriptionRow) {
  const money = (amount: string) => ({ amount, currencyCode: row.currencyCode });
  return {
    subscriptionSubtotal: money(row.subtotal),
    subscriptionTotal: money(row.total),
    subscriptionDiscount: row.discountAmount ? money(row.discountAmount) : null,
    subscriptionDiscountPercentage: row.discountPercentage ? Number(row.discountPercentage) : null,
  };
}

export function draftWire(row: DraftRow): SubscriptionDraft {
  return {
    id: row.id,
    planId: row.planId,
    addonIds: row.addonIds,
    discountCode: row.discountCode,
    lineItems: row.lineItems,
    ...amounts(row),
    createdAt: row.createdAt.toISOString(),
  };
}

export function subscriptionWire(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    status: row.status,
    planId: row.planId,
    addonIds: row.addonIds,
    ...amounts(row),
    isStubSubscription: row.isStub,
    confirmationUrl: row.confirmationUrl,
    createdAt: row.createdAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    lineItems: row.lineItems,
  };
}

export function purchaseWire(purchase: Purchase): PurchaseResult {
  return {
    confirmationUrl: purchase.confirmationUrl,
    subscription: subscriptionWire(purchase.subscription),
  };
}

export function pendingWire(row: SubscriptionRow): PendingSubscription {
  return { id: row.id, draft: { id: row.draftId, lineItems: row.lineItems } };
}
