import type { ScreenLoader } from '../../../lib/screen';
import { appConfigOptions, appRequestOptions, appSetupOptions } from '../data';
import { MobileSetupPage } from '../MobileSetupPage';

/** /mobile/setup (spec 03 §2). */
export function Component() {
  return <MobileSetupPage />;
}

/** The checklist (with the plan), the app request and the config. */
export const loader: ScreenLoader = ({ api, queryClient }) => {
  void queryClient.prefetchQuery(appSetupOptions(api));
  void queryClient.prefetchQuery(appRequestOptions(api));
  void queryClient.prefetchQuery(appConfigOptions(api));
};
