import type { Shop } from '@popstage/core/shop';
import { useShop } from '../../app/shop/ShopContext';
import { InsightsDashboard } from './InsightsDashboard';
import { InsightsReport } from './InsightsReport';

/**
 * /insights (spec 02 §2 "Analytics dashboard"). Feature flags (docs/decisions.md "Insights"):
 * popclips_analytics_dashboard shows the native dashboard; looker_dashboard alone shows the
 * embedded report; neither (or both) shows the native dashboard.
 */
export function InsightsPage() {
  const shop = useShop();
  return showsReport(shop) ? <InsightsReport /> : <InsightsDashboard />;
}

export const showsReport = (shop: Pick<Shop, 'featureFlags'>) =>
  shop.featureFlags.looker_dashboard && !shop.featureFlags.popclips_analytics_dashboard;
