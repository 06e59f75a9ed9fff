import { freeOrBasicViewLimits, highestAddonPrice } from '@popstage/core/billing';
import { InlineGrid, Link } from '@shopify/polaris';
import { useMemo } from 'react';
import { PageShell } from '../../app/shell/PageShell';
import { useShop } from '../../app/shop/ShopContext';
import {
  lineItemAddons,
  PendingPlanChange,
  useBillingCatalogue,
  usePopclipsGating,
  usePopclipsPlanLevel,
} from '../billing';
import { LiveSellingCard } from './landing/LiveSellingCard';
import { ONBOARDING_CALL_URL } from './landing/links';
import { MobileAppCard } from './landing/MobileAppCard';
import { PopclipsCard } from './landing/PopclipsCard';
import { RecommendedFeatureCard } from './landing/RecommendedFeatureCard';
import { ViewsLimitBanner, ViewsLimitModal } from './landing/ViewsLimitNotices';

/** '/': the welcome dashboard of spec 01 §2.6. */
export function LandingPage() {
  const shop = useShop();
  const gating = usePopclipsGating();
  const catalogue = useBillingCatalogue();
  const popclipsLevel = usePopclipsPlanLevel();

  const subscriptionAddons = useMemo(
    () => (shop.subscriptionActive ? lineItemAddons(shop.subscription?.lineItems ?? []) : []),
    [shop.subscriptionActive, shop.subscription],
  );
  const freeOrBasicLimits = useMemo(
    () => freeOrBasicViewLimits([...(catalogue.plan?.addons ?? []), ...subscriptionAddons]),
    [catalogue.plan, subscriptionAddons],
  );

  return (
    <PageShell
      title="Welcome to Popstage"
      titleMetadata={
        <Link url={ONBOARDING_CALL_URL} target="_blank">
          Schedule a free onboarding call
        </Link>
      }
    >
      <PendingPlanChange shop={shop} featureNames={catalogue.featureNames} />
      {gating.data ? <ViewsLimitBanner gating={gating.data} /> : null}
      {gating.data ? (
        <ViewsLimitModal gating={gating.data} freeOrBasicLimits={freeOrBasicLimits} />
      ) : null}
      <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
        <PopclipsCard
          highestPopclipsPrice={highestAddonPrice(subscriptionAddons, 'popclips')}
          popclipsLevel={popclipsLevel}
        />
        <RecommendedFeatureCard
          enabledFeatures={shop.enabledFeatures}
          popclipsLevel={popclipsLevel}
        />
        <LiveSellingCard liveEnabled={shop.enabledFeatures.includes('live')} />
        <MobileAppCard
          mobileApp={shop.mobileApp}
          mobileEnabled={shop.enabledFeatures.includes('mobile')}
        />
      </InlineGrid>
    </PageShell>
  );
}
