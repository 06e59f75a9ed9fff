import { ROUTES } from '@popstage/core/routing';
import type { NavigateFunction } from 'react-router-dom';
import type { ManagePlansLocationState } from '../../billing';

/**
 * Opens the Subscription page as an upsell, so the checkout reason reads upgrade_action; with a
 * Popclips level, that plan is preselected there.
 */
export function openUpgrade(
  navigate: NavigateFunction,
  preselectPopclipsLevel?: ManagePlansLocationState['preselectPopclipsLevel'],
): void {
  const state: ManagePlansLocationState = {
    checkoutTrigger: 'upgrade_prompt',
    ...(preselectPopclipsLevel ? { preselectPopclipsLevel } : {}),
  };
  navigate(ROUTES.managePlans, { state });
}
