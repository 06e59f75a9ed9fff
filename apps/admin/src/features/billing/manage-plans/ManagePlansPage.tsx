import {
  type Addon,
  addonPrice,
  BILLING_MESSAGES,
  type CheckoutReasonFacts,
  CUSTOMISED_PLAN_MESSAGE,
  type Feature,
  isCustomisedPlan,
  popclipsPlanLevel,
} from '@popstage/core/billing';
import { ROUTES } from '@popstage/core/routing';
import { Banner, BlockStack, Card, InlineGrid } from '@shopify/polaris';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useHost } from '../../../app/host/HostContext';
import { PageShell } from '../../../app/shell/PageShell';
import { useShop } from '../../../app/shop/ShopContext';
import { CheckoutConfirmationModal } from '../CheckoutConfirmationModal';
import { CurrentPlanCard } from '../CurrentPlanCard';
import { DiscountCodeField } from '../DiscountCodeField';
import { FeatureSubscriptionCard } from '../FeatureSubscriptionCard';
import { isFreePopclipsOverride } from '../free-popclips';
import { LiveFeesCard } from '../LiveFeesCard';
import { PendingPlanChange } from '../PendingPlanChange';
import { PlanPickerModal } from '../PlanPickerModal';
import { featureAddons } from '../plan-details';
import { useBillingCatalogue } from '../use-billing-catalogue';
import { useCheckout } from '../use-checkout';
import { useDiscountCode } from '../use-discount-code';
import { choicesFromAddons, usePlanSelection } from '../use-plan-selection';

/** Set by upsell buttons (landing's Upgrade Plan) so the checkout reason can tell them apart. */
export interface ManagePlansLocationState {
  checkoutTrigger?: CheckoutReasonFacts['trigger'];
  /** An upgrade prompt's plan (issue 20 §12): the Popclips picker starts on it. */
  preselectPopclipsLevel?: 'basic' | 'premium';
}

/** The Popclips add-on of `level` (an upgrade prompt's plan), if the catalogue has one. */
function popclipsAddonOf(
  addons: readonly Addon[],
  level: ManagePlansLocationState['preselectPopclipsLevel'],
): Addon | undefined {
  if (!level) return undefined;
  return addons.find(
    (addon) => addon.featureId === 'popclips' && popclipsPlanLevel(addonPrice(addon)) === level,
  );
}

/** /manage/plans: the current plan and a picker per feature, then checkout (spec 01 §2.9). */
export function ManagePlansPage() {
  const shop = useShop();
  const host = useHost();
  const navigate = useNavigate();
  const location = useLocation();
  const locationState = location.state as ManagePlansLocationState | null;
  const trigger = locationState?.checkoutTrigger ?? 'merchant';
  const preselect = locationState?.preselectPopclipsLevel;
  const catalogue = useBillingCatalogue();
  const selection = usePlanSelection();
  const discount = useDiscountCode();
  const checkout = useCheckout({ trigger, source: 'manage_plans' });
  const [picking, setPicking] = useState<Feature | null>(null);
  const seeded = useRef(false);
  const customised = isCustomisedPlan(shop.activePlan?.skuCode);
  const currentIds = shop.subscription?.addonIds ?? [];
  const { reset, pick } = selection;

  // The pickers start from what the shop pays for now, once the catalogue is there.
  useEffect(() => {
    if (seeded.current || !catalogue.plan) return;
    seeded.current = true;
    const current = shop.subscription?.addonIds ?? [];
    reset(choicesFromAddons(catalogue.plan.addons, current));
    // An upgrade prompt's plan is picked as a change, so Checkout applies it.
    const target = popclipsAddonOf(catalogue.plan.addons, preselect);
    if (target && !current.includes(target.id)) pick(target);
  }, [catalogue.plan, reset, pick, shop.subscription, preselect]);

  // Spec 01 §4: without the subscription data the page cannot work; back to landing.
  useEffect(() => {
    if (!catalogue.isError) return;
    host.showToast(BILLING_MESSAGES.subscriptionLoadFailed, { error: true });
    navigate(ROUTES.landing, { replace: true });
  }, [catalogue.isError, host, navigate]);

  const freePopclips = isFreePopclipsOverride(discount.applied, selection.choices);
  const addonsById = new Map(catalogue.plan?.addons.map((addon) => [addon.id, addon]));

  const startCheckout = () => {
    if (!catalogue.plan) return;
    checkout.start({
      planId: catalogue.plan.id,
      addonIds: selection.addonIds,
      discountCode: discount.codeToSend,
    });
  };

  // Buying the active selection again is refused by the server: nothing to check out yet.
  const unchanged = shop.subscriptionActive && !selection.changed;
  const checkoutAction = {
    content: 'Checkout',
    onAction: startCheckout,
    loading: checkout.preparing,
    disabled: customised || unchanged,
  };

  return (
    <PageShell title="Subscription" loading={catalogue.isLoading} primaryAction={checkoutAction}>
      <PendingPlanChange shop={shop} featureNames={catalogue.featureNames} />
      {customised ? <Banner tone="warning">{CUSTOMISED_PLAN_MESSAGE}</Banner> : null}
      {selection.changed && !customised ? (
        <Banner tone="warning" title="Confirm Plan Change" action={checkoutAction}>
          You changed your plan. Check out to apply the change.
        </Banner>
      ) : null}
      <CurrentPlanCard subscription={shop.subscription} featureNames={catalogue.featureNames} />
      <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
        {catalogue.features.map((feature) => {
          const selectedId = selection.choices[feature.id]?.planId;
          const currentId = currentIds.find((id) => addonsById.get(id)?.featureId === feature.id);
          return (
            <FeatureSubscriptionCard
              key={feature.id}
              feature={feature}
              selected={selectedId ? addonsById.get(selectedId) : undefined}
              changed={selectedId !== currentId}
              freePopclips={freePopclips}
              onOpen={() => setPicking(feature)}
            />
          );
        })}
      </InlineGrid>
      <Card>
        <BlockStack gap="300">
          <DiscountCodeField discount={discount} />
        </BlockStack>
      </Card>
      <LiveFeesCard />
      <PlanPickerModal
        feature={picking}
        addons={picking ? featureAddons(catalogue.plan, picking.id) : []}
        selectedId={picking ? selection.choices[picking.id]?.planId : undefined}
        currentId={
          picking
            ? currentIds.find((id) => addonsById.get(id)?.featureId === picking.id)
            : undefined
        }
        freePopclips={freePopclips}
        supportEmail={shop.config.supportEmail}
        onPick={selection.pick}
        onClose={() => setPicking(null)}
      />
      <CheckoutConfirmationModal checkout={checkout} featureNames={catalogue.featureNames} />
    </PageShell>
  );
}
