import type { FeatureId } from '../shop/types';

/** Billing names shared by admin and server that no wire schema owns. */

/** Selected plan choice (spec 01 §3). */
export interface SelectedPlanChoice {
  planId: string;
  type: FeatureId;
  skuCode: string;
}

const CHECKOUT_REASONS = [
  'first_ever',
  'upgrade_gated',
  'upgrade_spontaneous',
  'upgrade_action',
  'downgrade_companydriven',
  'downgrade_userenforced',
  'other',
] as const;
export type CheckoutReason = (typeof CHECKOUT_REASONS)[number];
