/** Billing texts of spec 01 §8, worded exactly (server answers and admin toasts share them). */
export const BILLING_MESSAGES = {
  discountNotApplicable: "Discount Code doesn't exist or is not applicable to the selected plan.",
  couldNotProceed: 'Could not proceed to checkout.',
  checkoutLinkFailed: 'Could not finish the checkout process.',
  checkoutFailed: 'Failed to checkout. Please contact support.',
  planLoadFailed: 'Failed to get plan information. Please contact support.',
  subscriptionLoadFailed: 'Failed to get subscription data. Please contact support.',
  /** Ours: the spec has no word for a declined charge. */
  chargeDeclined: 'You declined the charge. Nothing was charged and your plan did not change.',
} as const;

/** The query the app's page in the admin gets back after a declined charge. */
export const CHARGE_DECLINED_QUERY = 'charge=declined';
