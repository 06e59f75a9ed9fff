import type { FeatureId } from '../shop/types';
import type { SelectedPlanChoice } from './types';

/**
 * The plan picker's state (spec 01 §4): one choice per feature; picking the choice already
 * selected deselects it; `changed` drives the 'Confirm Plan Change' banner and is false again
 * when the picks return to where they started.
 */

export type PlanChoices = Partial<Record<FeatureId, SelectedPlanChoice>>;

export interface PlanSelectionState {
  /** The choices the page opened with (the current subscription's add-ons). */
  initial: PlanChoices;
  choices: PlanChoices;
  changed: boolean;
}

export type PlanSelectionAction =
  | { type: 'pick'; choice: SelectedPlanChoice }
  | { type: 'clear'; feature: FeatureId }
  | { type: 'reset'; choices: PlanChoices };

export function initialPlanSelection(choices: PlanChoices = {}): PlanSelectionState {
  return { initial: choices, choices, changed: false };
}

export function planSelectionReducer(
  state: PlanSelectionState,
  action: PlanSelectionAction,
): PlanSelectionState {
  if (action.type === 'reset') return initialPlanSelection(action.choices);
  const choices = { ...state.choices };
  if (action.type === 'clear') {
    delete choices[action.feature];
  } else if (choices[action.choice.type]?.planId === action.choice.planId) {
    delete choices[action.choice.type];
  } else {
    choices[action.choice.type] = action.choice;
  }
  return { initial: state.initial, choices, changed: !sameChoices(state.initial, choices) };
}

/** The picked add-on ids, in feature order popclips, mobile, live. */
export function selectedAddonIds(choices: PlanChoices): string[] {
  const order: FeatureId[] = ['popclips', 'mobile', 'live'];
  return order.flatMap((feature) => {
    const choice = choices[feature];
    return choice ? [choice.planId] : [];
  });
}

function sameChoices(a: PlanChoices, b: PlanChoices): boolean {
  const ids = (choices: PlanChoices) => selectedAddonIds(choices).join('\n');
  return ids(a) === ids(b);
}
