import { PageShell } from '../../app/shell/PageShell';
import { useShop } from '../../app/shop/ShopContext';
import { StartLiveSellingCard } from './StartLiveSellingCard';

/** /live: Manage Live Sales (spec 01 §2.7). */
export function LivePage() {
  const shop = useShop();
  return (
    <PageShell title="Manage Live Sales">
      <StartLiveSellingCard
        liveEnabled={shop.enabledFeatures.includes('live')}
        dashboardUrl={shop.dashboardUrl}
        learnMoreUrl={shop.config.helpCenterUrl}
      />
    </PageShell>
  );
}
