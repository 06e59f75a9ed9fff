import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { insertSubscription, type NewSubscription } from '../features/billing/subscription-store';

/** Billing rows tests arrange directly (a subscription without going through the approval page). */
export { insertSubscription };

/**
 * An active subscription of the shop with these add-ons: a stub (no charge) of the flexible
 * bundle at 0.00 USD, no lines, unless the test names other values.
 */
export function insertActiveSubscription(
  db: Db,
  values: Pick<NewSubscription, 'shopId' | 'addonIds' | 'activatedAt'> & Partial<NewSubscription>,
) {
  return insertSubscription(db, {
    draftId: randomUUID(),
    planId: 'bundle-flexible-2025-monthly',
    status: 'ACTIVE',
    isStub: true,
    lineItems: [],
    subtotal: '0.00',
    total: '0.00',
    currencyCode: 'USD',
    ...values,
  });
}

/** What a subscription Shopify charges for holds: not a stub, its Shopify id, one price. */
export const chargedBy = (platformSubscriptionId: string, price: string) => ({
  isStub: false,
  platformSubscriptionId,
  subtotal: price,
  total: price,
});
