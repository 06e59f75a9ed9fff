import {
  type AppConfig,
  type AppRequest,
  MOBILE_MESSAGES,
  mobileContract,
  normaliseSupportUrl,
  SUPPORT_URL_MAX,
} from '@popstage/core/mobile';
import { Banner, BlockStack, Box, Button, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useHost } from '../../app/host/HostContext';
import { useShop } from '../../app/shop/ShopContext';
import { useRefreshShop } from '../../app/shop/shop-query';
import { useApi } from '../../lib/api/ApiContext';
import { CollectionPicker } from './CollectionPicker';
import { useAppConfig, useAppRequest, useAppSetup, useMobilePlan } from './data';
import { MobileFrame } from './MobileFrame';
import { AppPreviewPanel } from './preview/AppPreviewPanel';
import { ChecklistCard } from './setup/ChecklistCard';
import { ImagesCard } from './setup/ImagesCard';
import { PlanNote } from './setup/PlanNote';
import { SetupCardFrame } from './setup/SetupCardFrame';
import {
  cardErrors,
  EMPTY_SETUP_FORM,
  isSubmitReady,
  NAME_FIELDS,
  requestBody,
  SETUP_CARDS,
  type SetupCard,
  type SetupErrors,
  type SetupForm,
  submitProblem,
} from './setup/setup-form';
import { useSetupDraft } from './setup/use-setup-draft';
import { isAppSubmitted } from './submission';

const CARD_TITLES: Record<SetupCard, string> = {
  checklist: 'App Request Checklist',
  support: 'Support Information',
  appName: 'App Name',
  images: 'App Icon & Launch Screen',
  collection: 'Home Collection',
  submit: 'Submit',
};

/** The submitted request (and the colours and collection it saved) as the read-only form. */
function formOf(request: AppRequest, config: AppConfig | undefined): SetupForm {
  const collectionId = config?.featuredShopifyCollectionGid ?? null;
  return {
    ...EMPTY_SETUP_FORM,
    primaryColor: config?.primaryColor ?? EMPTY_SETUP_FORM.primaryColor,
    secondaryColor: config?.secondaryColor ?? EMPTY_SETUP_FORM.secondaryColor,
    collection: collectionId ? { value: collectionId, label: 'Home collection' } : null,
    supportUrl: request.supportUrl,
    appleCompanyName: request.appleCompanyName,
    appleDevTeamId: request.appleDevTeamId,
    desiredAppName: request.desiredAppName,
    altAppNameOne: request.altAppNameOne,
    altAppNameTwo: request.altAppNameTwo,
    iconUrl: request.iconS3Url,
    launchUrl: request.launchS3Url,
  };
}

/** /mobile/setup (spec 03 §2): design the app in six cards and submit the request once. */
export function MobileSetupPage() {
  const api = useApi();
  const host = useHost();
  const shop = useShop();
  const refreshShop = useRefreshShop();
  const setup = useAppSetup();
  const plan = useMobilePlan();
  const request = useAppRequest();
  const config = useAppConfig();
  const submitted = isAppSubmitted(shop);
  const [draft, setDraft, clearDraft] = useSetupDraft(shop.shopifyDomain);
  const [open, setOpen] = useState<SetupCard | null>('checklist');
  const [errors, setErrors] = useState<SetupErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const form = submitted && request.data ? formOf(request.data, config.data) : draft;
  const readOnly = submitted;

  const change = (patch: Partial<SetupForm>) => setDraft((current) => ({ ...current, ...patch }));
  const next = (card: SetupCard) => {
    const found = cardErrors(card, form, setup.data);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setOpen(SETUP_CARDS[SETUP_CARDS.indexOf(card) + 1] ?? null);
  };

  const submit = async () => {
    const problem = submitProblem(form, setup.data);
    if (problem) {
      host.showToast(problem.message, { error: true });
      setErrors(cardErrors(problem.card, form, setup.data));
      setOpen(problem.card);
      return;
    }
    setSubmitting(true);
    try {
      const answer = await api.call(mobileContract.submitAppRequest, { body: requestBody(form) });
      await api.call(mobileContract.linkAppRequest, {
        body: { requestId: answer.data.id, skIdentifier: answer.data.sk_identifier },
      });
      host.showToast(MOBILE_MESSAGES.submitted);
      clearDraft();
      await Promise.all([refreshShop(), request.refetch()]);
    } catch {
      host.showToast(MOBILE_MESSAGES.submitFailed, { error: true });
    } finally {
      setSubmitting(false);
    }
  };

  const cardProps = (card: SetupCard) => ({
    id: `setup-${card}`,
    step: SETUP_CARDS.indexOf(card) + 1,
    title: CARD_TITLES[card],
    open: open === card,
    onToggle: () => setOpen(open === card ? null : card),
    ...(readOnly || card === 'submit' ? {} : { onNext: () => next(card) }),
  });

  return (
    <MobileFrame
      tab="setup"
      loading={setup.isPending || (submitted && request.isPending)}
      preview={
        <AppPreviewPanel
          look={{
            appName: form.desiredAppName,
            primaryColor: form.primaryColor,
            secondaryColor: form.secondaryColor,
          }}
          collectionId={form.collection?.value ?? null}
        />
      }
    >
      {/* Polaris cards reach the edges on phones; plain text keeps a margin there. */}
      {setup.isError ? (
        // The checklist and the plan come in one answer (spec 03 §8).
        <Banner tone="critical">{MOBILE_MESSAGES.planLoadFailed}</Banner>
      ) : null}
      <Box paddingInline={{ xs: '400', sm: '0' }}>
        <BlockStack gap="200">
          <Text as="p" tone="subdued">
            Mobile apps are only for LLCs. Your app is ready 2-3 weeks after submission.
          </Text>
          {plan.data ? <PlanNote plan={plan.data} supportEmail={shop.config.supportEmail} /> : null}
        </BlockStack>
      </Box>
      <SetupCardFrame {...cardProps('checklist')}>
        {setup.data ? (
          <ChecklistCard setup={setup.data} readOnly={readOnly} error={errors.checklist} />
        ) : null}
      </SetupCardFrame>
      <SetupCardFrame {...cardProps('support')}>
        <TextField
          label="Support URL"
          value={form.supportUrl}
          onChange={(supportUrl) => change({ supportUrl })}
          onBlur={() => change({ supportUrl: normaliseSupportUrl(form.supportUrl) })}
          maxLength={SUPPORT_URL_MAX}
          showCharacterCount
          autoComplete="url"
          error={errors.supportUrl}
          disabled={readOnly}
          helpText="Where your app's users get help (shown in the app stores)."
        />
      </SetupCardFrame>
      <SetupCardFrame {...cardProps('appName')}>
        {NAME_FIELDS.map(([field, label]) => (
          <TextField
            key={field}
            label={label}
            value={form[field]}
            onChange={(value) => change({ [field]: value })}
            maxLength={255}
            autoComplete="off"
            error={errors[field]}
            disabled={readOnly}
          />
        ))}
      </SetupCardFrame>
      <SetupCardFrame {...cardProps('images')}>
        <ImagesCard form={form} errors={errors} readOnly={readOnly} onChange={change} />
      </SetupCardFrame>
      <SetupCardFrame {...cardProps('collection')}>
        <CollectionPicker
          label="Home collection"
          selected={form.collection}
          onSelect={(collection) => change({ collection })}
          disabled={readOnly}
          error={errors.collection}
        />
      </SetupCardFrame>
      <SetupCardFrame {...cardProps('submit')}>
        {readOnly ? (
          <Text as="p">Your app request has been submitted.</Text>
        ) : (
          <BlockStack gap="200" inlineAlign="start">
            <Text as="p">
              Popstage builds your app and submits it to Apple and Google. It is ready 2-3 weeks
              after submission.
            </Text>
            <Button
              variant="primary"
              onClick={() => void submit()}
              loading={submitting}
              disabled={!isSubmitReady(form, setup.data)}
            >
              Submit
            </Button>
          </BlockStack>
        )}
      </SetupCardFrame>
    </MobileFrame>
  );
}
