import type { ScreenLoader } from '../../../lib/screen';
import { liveShowsOptions } from '../data';
import { LivePage } from '../LivePage';

/** /live: Manage Live Sales (spec 01 §2.7). */
export function Component() {
  return <LivePage />;
}

/** The seller's shows and replays (the guards let in only shops with live and an account). */
export const loader: ScreenLoader = ({ api, queryClient }) => {
  void queryClient.prefetchQuery(liveShowsOptions(api));
};
