import { STANDARD_PLAN_SKU } from './constants';

/** Whether the Checkout button may proceed (spec 01 §5, §6). */

export const EMPTY_SELECTION_MESSAGE = 'Please select at least one plan.';
/** Our wording: the spec names the warning but not its text. */
export const CUSTOMISED_PLAN_MESSAGE =
  'Your store is on a customized plan. Please contact support to change your subscription.';

/** A shop whose active plan is not the standard one is on a customised plan; none is not. */
export function isCustomisedPlan(activePlanSku: string | null | undefined): boolean {
  return !!activePlanSku && activePlanSku !== STANDARD_PLAN_SKU;
}

export interface CheckoutFacts {
  activePlanSku: string | null | undefined;
  /** Add-on ids picked in the plan modals. */
  selectedAddonIds: readonly string[];
  /** Add-on ids the base plan already gives (they do not count as a choice). */
  includedAddonIds: readonly string[];
}

export type CheckoutCheck =
  | { ok: true }
  | { ok: false; reason: 'customised_plan' | 'empty_selection'; message: string };

export function checkCheckout(facts: CheckoutFacts): CheckoutCheck {
  if (isCustomisedPlan(facts.activePlanSku)) {
    return { ok: false, reason: 'customised_plan', message: CUSTOMISED_PLAN_MESSAGE };
  }
  const included = new Set(facts.includedAddonIds);
  if (!facts.selectedAddonIds.some((id) => !included.has(id))) {
    return { ok: false, reason: 'empty_selection', message: EMPTY_SELECTION_MESSAGE };
  }
  return { ok: true };
}
