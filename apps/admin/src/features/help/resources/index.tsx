import { helpCenterContract } from '@popstage/core/help';
import { routeQueryOptions } from '../../../lib/api/hooks';
import type { ScreenLoader } from '../../../lib/screen';
import { ResourcesPage } from '../ResourcesPage';

/** /resources: the help center. */
export function Component() {
  return <ResourcesPage />;
}

export const loader: ScreenLoader = ({ api, queryClient }) => {
  void queryClient.prefetchQuery(routeQueryOptions(api, helpCenterContract.tree, {}));
};
