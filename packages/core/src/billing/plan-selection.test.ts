import { describe, expect, it } from 'vitest';
import { initialPlanSelection, planSelectionReducer, selectedAddonIds } from './plan-selection';
import type { SelectedPlanChoice } from './types';

const basic: SelectedPlanChoice = {
  planId: 'addon-popclips-basic',
  type: 'popclips',
  skuCode: 'addon-popclips-basic',
};
const premium: SelectedPlanChoice = { ...basic, planId: 'addon-popclips-premium' };
const mobilePro: SelectedPlanChoice = {
  planId: 'addon-mobile-pro',
  type: 'mobile',
  skuCode: 'addon-mobile-pro',
};

describe('plan selection', () => {
  it('starts unchanged', () => {
    expect(initialPlanSelection()).toEqual({ initial: {}, choices: {}, changed: false });
  });

  it('picks one choice per feature and marks the change', () => {
    let state = initialPlanSelection({ popclips: basic });
    state = planSelectionReducer(state, { type: 'pick', choice: premium });
    state = planSelectionReducer(state, { type: 'pick', choice: mobilePro });
    expect(state.choices).toEqual({ popclips: premium, mobile: mobilePro });
    expect(state.changed).toBe(true);
    expect(selectedAddonIds(state.choices)).toEqual(['addon-popclips-premium', 'addon-mobile-pro']);
  });

  it('deselects the choice picked again', () => {
    const state = planSelectionReducer(initialPlanSelection({ popclips: basic }), {
      type: 'pick',
      choice: basic,
    });
    expect(state.choices).toEqual({});
    expect(state.changed).toBe(true);
  });

  it('is unchanged again when the picks return to the start', () => {
    let state = initialPlanSelection({ popclips: basic });
    state = planSelectionReducer(state, { type: 'pick', choice: premium });
    state = planSelectionReducer(state, { type: 'pick', choice: basic });
    expect(state.changed).toBe(false);
  });

  it('clears a feature and resets', () => {
    let state = initialPlanSelection({ popclips: basic, mobile: mobilePro });
    state = planSelectionReducer(state, { type: 'clear', feature: 'mobile' });
    expect(state.choices).toEqual({ popclips: basic });
    state = planSelectionReducer(state, { type: 'reset', choices: { mobile: mobilePro } });
    expect(state).toEqual(initialPlanSelection({ mobile: mobilePro }));
  });
});
