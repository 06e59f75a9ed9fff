import type { ScreenLoader } from '../../../lib/screen';
import { prefetchPlanScreen } from '../data';
import { ManagePlansPage } from './ManagePlansPage';

/** /manage/plans (spec 01 §2.9). */
export function Component() {
  return <ManagePlansPage />;
}

/** The catalogue (plans, features) and the gating the checkout reason reads. */
export const loader: ScreenLoader = ({ api, queryClient }) => {
  prefetchPlanScreen(api, queryClient);
};
