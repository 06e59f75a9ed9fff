import type { ScreenLoader } from '../../../lib/screen';
import { prefetchPlanScreen } from '../data';
import { SelectPlansPage } from './SelectPlansPage';

/** /account/plans (spec 01 §2.8). */
export function Component() {
  return <SelectPlansPage />;
}

/** The catalogue (plans, features) and the gating the checkout reason reads. */
export const loader: ScreenLoader = ({ api, queryClient }) => {
  prefetchPlanScreen(api, queryClient);
};
