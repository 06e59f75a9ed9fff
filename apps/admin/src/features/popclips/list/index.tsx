import type { ScreenLoader } from '../../../lib/screen';
import { clipsListOptions } from '../data';

/** /popclips/list (spec 02 §2). */
export { PopclipsListPage as Component } from './PopclipsListPage';

/** The first page of the shop's clips. */
export const loader: ScreenLoader = ({ api, queryClient, shopDomain }) => {
  void queryClient.prefetchInfiniteQuery(clipsListOptions(api, shopDomain));
};
