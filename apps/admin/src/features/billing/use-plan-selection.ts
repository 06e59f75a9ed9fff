import {
  type Addon,
  initialPlanSelection,
  type PlanChoices,
  planSelectionReducer,
  selectedAddonIds,
} from '@popstage/core/billing';
import { useCallback, useMemo, useReducer } from 'react';

/** The plan pickers' state over core planSelectionReducer (re-picking a plan deselects it). */
export function usePlanSelection(initial: PlanChoices = {}) {
  const [state, dispatch] = useReducer(planSelectionReducer, initial, initialPlanSelection);
  const pick = useCallback(
    (addon: Addon) =>
      dispatch({
        type: 'pick',
        choice: { planId: addon.id, type: addon.featureId, skuCode: addon.skuCode },
      }),
    [],
  );
  const reset = useCallback((choices: PlanChoices) => dispatch({ type: 'reset', choices }), []);
  const addonIds = useMemo(() => selectedAddonIds(state.choices), [state.choices]);
  return { ...state, addonIds, pick, reset };
}

/** Choices for the add-ons a subscription already has, as the pickers start from them. */
export function choicesFromAddons(
  addons: readonly Addon[],
  addonIds: readonly string[],
): PlanChoices {
  const choices: PlanChoices = {};
  for (const addon of addons) {
    if (addonIds.includes(addon.id)) {
      choices[addon.featureId] = {
        planId: addon.id,
        type: addon.featureId,
        skuCode: addon.skuCode,
      };
    }
  }
  return choices;
}
