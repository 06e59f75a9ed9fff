import { BILLING_MESSAGES } from '@popstage/core/billing';
import { BlockStack, Button, Card, InlineError, InlineStack, Link, Text } from '@shopify/polaris';
import { useRef, useState } from 'react';
import { PageShell } from '../../../app/shell/PageShell';
import { useShop } from '../../../app/shop/ShopContext';
import { CheckoutConfirmationModal } from '../CheckoutConfirmationModal';
import { DiscountCodeField } from '../DiscountCodeField';
import { FeaturePlansSection } from '../FeaturePlansSection';
import { isFreePopclipsOverride } from '../free-popclips';
import { PlanLoadErrorBanner, useErrorToast } from '../PlanLoadErrorBanner';
import { featureAddons } from '../plan-details';
import { useBillingCatalogue } from '../use-billing-catalogue';
import { useCheckout } from '../use-checkout';
import { useDiscountCode } from '../use-discount-code';
import { usePlanSelection } from '../use-plan-selection';

/** /account/plans: a new subscriber picks a plan per feature and checks out (spec 01 §2.8). */
export function SelectPlansPage() {
  const shop = useShop();
  const catalogue = useBillingCatalogue();
  const selection = usePlanSelection();
  const discount = useDiscountCode();
  const checkout = useCheckout({ trigger: 'merchant', source: 'select_plans' });
  const [emptyError, setEmptyError] = useState<string | null>(null);
  const continueRef = useRef<HTMLDivElement>(null);

  useErrorToast(catalogue, BILLING_MESSAGES.planLoadFailed);

  const freePopclips = isFreePopclipsOverride(discount.applied, selection.choices);

  const startCheckout = () => {
    if (!catalogue.plan) return;
    const refusal = checkout.start({
      planId: catalogue.plan.id,
      addonIds: selection.addonIds,
      discountCode: discount.codeToSend,
    });
    setEmptyError(refusal);
  };

  const scrollToContinue = () =>
    continueRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });

  const hasSelection = selection.addonIds.length > 0;
  return (
    <PageShell
      title="Select Plan"
      subtitle="Pick a plan for each feature you want. You can change plans at any time."
      loading={catalogue.isLoading}
      primaryAction={
        hasSelection
          ? { content: 'Checkout', onAction: startCheckout, loading: checkout.preparing }
          : { content: 'Continue Setup', onAction: scrollToContinue }
      }
    >
      {catalogue.isError ? <PlanLoadErrorBanner message={BILLING_MESSAGES.planLoadFailed} /> : null}
      {catalogue.features.map((feature) => (
        <FeaturePlansSection
          key={feature.id}
          feature={feature}
          addons={featureAddons(catalogue.plan, feature.id)}
          selectedId={selection.choices[feature.id]?.planId}
          freePopclips={freePopclips}
          onPick={(addon) => {
            setEmptyError(null);
            selection.pick(addon);
          }}
        />
      ))}
      <Card>
        <div ref={continueRef}>
          <BlockStack gap="400">
            <DiscountCodeField discount={discount} />
            <InlineStack align="end" gap="300" blockAlign="center">
              {emptyError ? (
                <InlineError message={emptyError} fieldID="select-plans-continue" />
              ) : null}
              <Button
                id="select-plans-continue"
                variant="primary"
                onClick={startCheckout}
                loading={checkout.preparing}
                disabled={!catalogue.plan}
              >
                Continue
              </Button>
            </InlineStack>
          </BlockStack>
        </div>
      </Card>
      <Text as="p" alignment="center" tone="subdued">
        Questions about plans?{' '}
        <Link url={`mailto:${shop.config.supportEmail}`}>Contact our support team</Link>.
      </Text>
      <CheckoutConfirmationModal checkout={checkout} featureNames={catalogue.featureNames} />
    </PageShell>
  );
}
