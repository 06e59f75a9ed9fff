import type { ScreenLoader } from '../../../lib/screen';
import { helpTreeOptions } from '../data';
import { ResourcesPage } from '../ResourcesPage';

/** /resources: the help center. */
export function Component() {
  return <ResourcesPage />;
}

export const loader: ScreenLoader = ({ api, queryClient }) => {
  void queryClient.prefetchQuery(helpTreeOptions(api));
};
