import type { ScreenLoader } from '../../../lib/screen';
import { appConfigOptions } from '../data';
import { MobileAppearancePage } from '../MobileAppearancePage';

/** /mobile/appearance (spec 03 §2). */
export function Component() {
  return <MobileAppearancePage />;
}

/** The app's stored config. */
export const loader: ScreenLoader = ({ api, queryClient }) => {
  void queryClient.prefetchQuery(appConfigOptions(api));
};
