/** The billing area's public face: what other areas may use. */
export { usePopclipsGating } from './data';
export { lineItemAddons } from './line-items';
export type { ManagePlansLocationState } from './manage-plans/ManagePlansPage';
export { PendingPlanChange } from './PendingPlanChange';
export { useBillingCatalogue } from './use-billing-catalogue';
export { usePopclipsPlanLevel } from './use-popclips-plan-level';
