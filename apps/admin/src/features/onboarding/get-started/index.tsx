import { onboardingContract } from '@popstage/core/onboarding';
import { shopContract } from '@popstage/core/shop';
import { routeQueryOptions } from '../../../lib/api/hooks';
import type { ScreenLoader } from '../../../lib/screen';
import { GetStartedPage } from '../GetStartedPage';

/** /get-started (spec 01 §2.11). */
export function Component() {
  return <GetStartedPage />;
}

/** The wizard's progress and the app embed's state. */
export const loader: ScreenLoader = ({ api, queryClient }) => {
  void queryClient.prefetchQuery(routeQueryOptions(api, onboardingContract.wizard, {}));
  void queryClient.prefetchQuery(routeQueryOptions(api, shopContract.embed, {}));
};
