import type { ScreenLoader } from '../../../lib/screen';
import { prefetchWizard } from '../data';
import { GetStartedPage } from '../GetStartedPage';

/** /get-started (spec 01 §2.11). */
export function Component() {
  return <GetStartedPage />;
}

/** The wizard's progress and the app embed's state. */
export const loader: ScreenLoader = ({ api, queryClient }) => prefetchWizard(api, queryClient);
