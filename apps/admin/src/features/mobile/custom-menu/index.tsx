import type { ScreenLoader } from '../../../lib/screen';
import { appConfigOptions } from '../data';
import { MobileCustomMenuPage } from '../MobileCustomMenuPage';

/** /mobile/custom-menu (spec 03 §2). */
export function Component() {
  return <MobileCustomMenuPage />;
}

/** The app's stored config (its menus). */
export const loader: ScreenLoader = ({ api, queryClient }) => {
  void queryClient.prefetchQuery(appConfigOptions(api));
};
