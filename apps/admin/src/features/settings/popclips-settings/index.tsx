import type { ScreenLoader } from '../../../lib/screen';
import { popclipsSettingsOptions } from '../data';
import { PopclipsSettingsPage } from '../PopclipsSettingsPage';

/** /popclips/settings (spec 02 §2 Settings). */
export function Component() {
  return <PopclipsSettingsPage />;
}

/** The stored toggles. */
export const loader: ScreenLoader = ({ api, queryClient }) => {
  void queryClient.prefetchQuery(popclipsSettingsOptions(api));
};
