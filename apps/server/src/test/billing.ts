/** Billing rows tests arrange directly (a subscription without going through the approval page). */
export { insertSubscription } from '../features/billing/subscription-store';
