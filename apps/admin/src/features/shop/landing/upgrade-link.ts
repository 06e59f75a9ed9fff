import { ROUTES } from '@popstage/core/routing';
import type { NavigateFunction } from 'react-router-dom';
import type { ManagePlansLocationState } from '../../billing';

/** Opens the Subscription page as an upsell, so the checkout reason reads upgrade_action. */
export function openUpgrade(navigate: NavigateFunction): void {
  const state: ManagePlansLocationState = { checkoutTrigger: 'upgrade_prompt' };
  navigate(ROUTES.managePlans, { state });
}
