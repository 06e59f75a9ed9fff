import type { PurchaseResult, SubscriptionDraft } from '@popstage/core/billing';
import type { PendingSubscription, Subscription } from '@popstage/core/shop';
import type { DraftRow } from './draft-store';
import type { Purchase } from './service';
import type { SubscriptionRow } from './subscription-store';

/** Stored rows → the wire shapes of spec 01 §3. */

function money(amount: string, currencyCode: string) {
  return { amount, currencyCode };
}

export function draftWire(row: DraftRow): SubscriptionDraft {
  return {
    id: row.id,
    planId: row.planId,
    addonIds: row.addonIds,
    discountCode: row.discountCode,
    lineItems: row.lineItems,
    subscriptionSubtotal: money(row.subtotal, row.currencyCode),
    subscriptionTotal: money(row.total, row.currencyCode),
    subscriptionDiscount: row.discountAmount ? money(row.discountAmount, row.currencyCode) : null,
    subscriptionDiscountPercentage: row.discountPercentage ? Number(row.discountPercentage) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function subscriptionWire(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    status: row.status,
    planId: row.planId,
    addonIds: row.addonIds,
    subscriptionSubtotal: money(row.subtotal, row.currencyCode),
    subscriptionTotal: money(row.total, row.currencyCode),
    subscriptionDiscount: row.discountAmount ? money(row.discountAmount, row.currencyCode) : null,
    subscriptionDiscountPercentage: row.discountPercentage ? Number(row.discountPercentage) : null,
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
