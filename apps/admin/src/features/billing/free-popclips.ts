import type { DiscountCodeInfo, PlanChoices } from '@popstage/core/billing';

/** Spec 01 §4: an applied free-add-on code makes Popclips free once Popclips or Mobile is picked. */
export function isFreePopclipsOverride(
  applied: DiscountCodeInfo | null,
  choices: PlanChoices,
): boolean {
  return !!applied?.freePopclipsAddon && (!!choices.popclips || !!choices.mobile);
}
