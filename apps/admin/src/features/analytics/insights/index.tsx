import type { Shop } from '@popstage/core/shop';
import { shopQueryKey } from '../../../app/shop/shop-query';
import type { ScreenLoader } from '../../../lib/screen';
import { reportUrlOptions, summaryOptions } from '../data';
import { InsightsPage, showsReport } from '../InsightsPage';
import { readFilter } from '../insights-filter';

/** /insights (spec 02 §2 "Analytics dashboard"). */
export function Component() {
  return <InsightsPage />;
}

/**
 * The embedded report's URL, or the dashboard's summary for the filter in the URL (the shop's
 * time zone is not known yet, as on the dashboard's first render). The shop is loaded by now.
 */
export const loader: ScreenLoader = ({ api, queryClient, shopDomain }, { request }) => {
  const shop = queryClient.getQueryData<Shop>(shopQueryKey);
  if (!shop) return;
  if (showsReport(shop)) {
    void queryClient.prefetchQuery(reportUrlOptions(api));
    return;
  }
  const { filter } = readFilter(new URL(request.url).searchParams, undefined, new Date());
  void queryClient.prefetchQuery(summaryOptions(api, shopDomain, filter));
};
