import type { ScreenLoader } from '../../../lib/screen';
import { clipQueryOptions } from '../data';

/** /popclips/edit/:id (spec 02 §2): id is the clip's metaIdentifier. */
export { EditPopclipPage as Component } from './EditPopclipPage';

/** The clip the form is filled from. */
export const loader: ScreenLoader = ({ api, queryClient, shopDomain }, { params }) => {
  if (params.id) void queryClient.prefetchQuery(clipQueryOptions(api, shopDomain, params.id));
};
