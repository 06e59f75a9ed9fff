import { describe, expect, it } from 'vitest';
import {
  CUSTOMISED_PLAN_MESSAGE,
  checkCheckout,
  EMPTY_SELECTION_MESSAGE,
  isCustomisedPlan,
} from './checkout';

describe('checkout guard', () => {
  const facts = {
    activePlanSku: 'bundle-flexible-2025-monthly',
    selectedAddonIds: ['addon-popclips-basic'],
    includedAddonIds: [],
  };

  it('detects customised plans', () => {
    expect(isCustomisedPlan('bundle-flexible-2024-monthly')).toBe(true);
    expect(isCustomisedPlan('bundle-flexible-2025-monthly')).toBe(false);
    expect(isCustomisedPlan(null)).toBe(false);
  });

  it('lets a standard plan with a new choice check out', () => {
    expect(checkCheckout(facts)).toEqual({ ok: true });
    expect(checkCheckout({ ...facts, activePlanSku: null })).toEqual({ ok: true });
  });

  it('blocks customised plans with a warning', () => {
    expect(checkCheckout({ ...facts, activePlanSku: 'bundle-flexible-monthly' })).toEqual({
      ok: false,
      reason: 'customised_plan',
      message: CUSTOMISED_PLAN_MESSAGE,
    });
  });

  it('needs one choice beyond the base plan', () => {
    const empty = { ok: false, reason: 'empty_selection', message: EMPTY_SELECTION_MESSAGE };
    expect(EMPTY_SELECTION_MESSAGE).toBe('Please select at least one plan.');
    expect(checkCheckout({ ...facts, selectedAddonIds: [] })).toEqual(empty);
    expect(checkCheckout({ ...facts, includedAddonIds: ['addon-popclips-basic'] })).toEqual(empty);
  });
});
