import { hasPopclipsCapability } from '@popstage/core/billing';
import { onboardedBeforeCutoff } from '@popstage/core/onboarding';
import { isOnboardingComplete, ROUTES } from '@popstage/core/routing';
import { Banner, BlockStack, Card, InlineStack, ProgressBar, Text } from '@shopify/polaris';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useHost } from '../../app/host/HostContext';
import { PageShell } from '../../app/shell/PageShell';
import { useShop } from '../../app/shop/ShopContext';
import { refetchShop } from '../../app/shop/shop-query';
import { useApi } from '../../lib/api/ApiContext';
import { usePopclipsPlanLevel } from '../billing';
import { openUpgrade } from '../shop';
import { AllSetCard } from './AllSetCard';
import { postWizardEvent, useEmbedStatus, useWizardStatus } from './data';
import { ProgressModal } from './ProgressModal';
import {
  CarouselStepBody,
  EmbedStepBody,
  FirstPopclipStepBody,
  ProductsStepBody,
} from './StepBodies';
import { StepCard } from './StepCard';
import { storeLinks } from './store-links';
import { usePublishProducts } from './use-publish-products';
import { useWizardActions } from './use-wizard-actions';
import { isAllSet, stepStates } from './wizard-steps';

export const WIZARD_LOAD_ERROR = 'We could not load your setup progress.';

/**
 * /get-started (spec 01 §2.11, §4). A shop that arrives already onboarded goes to landing; one
 * that finishes here sees 'You're all set' and continues itself.
 */
export function GetStartedPage() {
  const shop = useShop();
  // Decided on arrival only: finishing a step here must show 'You're all set', not jump away.
  const [onboardedOnArrival] = useState(() => isOnboardingComplete(shop));
  return onboardedOnArrival ? <OnboardedRedirect /> : <Wizard />;
}

/** Spec 01 §4: a shop onboarded before the cut-off has the first-Popclip step marked for it. */
function OnboardedRedirect() {
  const api = useApi();
  const shop = useShop();
  useEffect(() => {
    if (onboardedBeforeCutoff(shop.onBoardedOn) && !shop.firstPopclipCreated) {
      postWizardEvent(api, 'STEP_ADD_YOUR_FIRST_POPCLIP').catch(() => {});
    }
  }, [api, shop]);
  return <Navigate to={ROUTES.landing} replace />;
}

function Wizard() {
  const shop = useShop();
  const host = useHost();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wizard = useWizardStatus();
  const embed = useEmbedStatus();
  const actions = useWizardActions();
  const publishing = usePublishProducts();
  const [continuing, setContinuing] = useState(false);
  const links = storeLinks(host.kind, shop.shopifyDomain);
  const level = usePopclipsPlanLevel();

  const status = wizard.data;
  const skippedSteps = shop.skippedFirstPopclipsCreation
    ? (['STEP_ADD_YOUR_FIRST_POPCLIP'] as const)
    : [];
  const states = status ? stepStates(status.events, skippedSteps) : [];
  const [sdk, products, popclip, carousel] = states;

  const onContinue = async () => {
    setContinuing(true);
    // The guards read the shop: reload it so landing lets the merchant in.
    await refetchShop(queryClient);
    setContinuing(false);
    navigate(ROUTES.landing);
  };

  return (
    <PageShell
      title="Get Started"
      subtitle="Set up Popstage on your store in a few short steps."
      loading={wizard.isLoading}
    >
      {wizard.isError || !status || !sdk || !products || !popclip || !carousel ? (
        <Banner
          tone="critical"
          action={{ content: 'Try again', onAction: () => void wizard.refetch() }}
        >
          {WIZARD_LOAD_ERROR}
        </Banner>
      ) : (
        <BlockStack gap="400">
          {isAllSet(status) ? <AllSetCard onContinue={onContinue} loading={continuing} /> : null}
          <Card>
            <InlineStack align="space-between" blockAlign="center" gap="400">
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {`${status.completion_percentage}% complete`}
                </Text>
                <div style={{ minWidth: '240px' }}>
                  <ProgressBar
                    progress={status.completion_percentage}
                    tone="success"
                    size="small"
                  />
                </div>
              </BlockStack>
              <ProgressModal percentage={status.completion_percentage} states={states} />
            </InlineStack>
          </Card>
          <StepCard
            number={1}
            state={sdk}
            description="Switch on the Popstage app embed in your theme, then create the page your live shows play on."
          >
            <EmbedStepBody
              enabled={sdk.enabled && !sdk.done}
              embedEnabled={embed.data?.embedEnabled ?? shop.embedEnabled}
              livePageCreated={shop.livePageCreated}
              embedUrl={links.appEmbed}
              actions={actions}
            />
          </StepCard>
          <StepCard
            number={2}
            state={products}
            description="Publish your products to the Popstage sales channel so you can tag them in videos."
          >
            <ProductsStepBody
              enabled={products.enabled && !products.done}
              publishedCount={shop.publishedProductsToSalesChannelCount}
              productsUrl={links.products}
              publishing={publishing}
              actions={actions}
            />
          </StepCard>
          <StepCard
            number={3}
            state={popclip}
            description="Upload a short video and tag the products shoppers can buy from it."
          >
            <FirstPopclipStepBody enabled={popclip.enabled && !popclip.done} actions={actions} />
          </StepCard>
          <StepCard
            number={4}
            state={carousel}
            description="Group your Popclips in a carousel and publish it on your storefront."
          >
            <CarouselStepBody
              enabled={carousel.enabled && !carousel.done}
              customCarousels={hasPopclipsCapability(level, 'customCarousels')}
              carouselBlockUrl={links.carouselBlock}
              actions={actions}
              onUpgrade={() => openUpgrade(navigate, 'basic')}
            />
          </StepCard>
        </BlockStack>
      )}
    </PageShell>
  );
}
