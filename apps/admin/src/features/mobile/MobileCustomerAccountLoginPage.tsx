import {
  CLIENT_ID_MAX,
  clientIdFailedMessage,
  clientIdSavedMessage,
  clientIdSchema,
  MOBILE_MESSAGES,
} from '@popstage/core/mobile';
import { shopContract } from '@popstage/core/shop';
import {
  BlockStack,
  Button,
  Card,
  InlineStack,
  Link,
  ProgressBar,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useHost } from '../../app/host/HostContext';
import { useShop } from '../../app/shop/ShopContext';
import { useApi } from '../../lib/api/ApiContext';
import { copyText } from '../../lib/copy-text';
import { useShopDetails } from './data';
import { MobileFrame } from './MobileFrame';

const STEPS = 4;

/** /mobile/setup-customer-account-login (spec 03 §2): the headless client id in four steps. */
export function MobileCustomerAccountLoginPage() {
  const api = useApi();
  const host = useHost();
  const shop = useShop();
  const details = useShopDetails();
  const [step, setStep] = useState(1);
  const [clientId, setClientId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const domain = details.data?.primaryDomainUrl ?? shop.primaryDomainUrl;
  const current = details.data?.customerAccountClientId ?? null;

  const copy = async () => {
    const copied = await copyText(domain);
    host.showToast(copied ? MOBILE_MESSAGES.copied : MOBILE_MESSAGES.copyFailed, {
      error: !copied,
    });
  };

  const saveClientId = async () => {
    const parsed = clientIdSchema.safeParse(clientId);
    if (!parsed.success) {
      setError(MOBILE_MESSAGES.invalidClientId);
      return;
    }
    setSaving(true);
    try {
      await api.call(shopContract.saveInfo, {
        body: { key: 'customerAccountClientId', value: parsed.data },
      });
      host.showToast(clientIdSavedMessage(parsed.data));
      await details.refetch();
      setStep(4);
    } catch {
      host.showToast(clientIdFailedMessage(parsed.data), { error: true });
    } finally {
      setSaving(false);
    }
  };

  const move = (to: number) => {
    // Moving on from step 3 clears the field (spec 03 §4).
    if (step === 3) setClientId('');
    setError(undefined);
    setStep(to);
  };

  return (
    <MobileFrame tab="customer-login" loading={details.isPending}>
      {current ? (
        <Card>
          <BlockStack gap="200">
            <Text as="p">
              Current Customer Account API Client ID: <strong>{current}</strong>
            </Text>
            <Text as="p" tone="subdued">
              Need to change it?{' '}
              <Link url={`mailto:${shop.config.supportEmail}`}>Contact support</Link>
            </Text>
          </BlockStack>
        </Card>
      ) : null}
      <Card>
        <BlockStack gap="400">
          <Text as="p" variant="headingSm">
            Step {step} of {STEPS}
          </Text>
          <ProgressBar progress={(step / STEPS) * 100} size="small" />
          {step === 1 ? (
            <Text as="p">
              In your Shopify admin, open Settings › Apps › Develop apps › Headless, and copy the
              Client ID of the Customer Account API.
            </Text>
          ) : null}
          {step === 2 ? (
            <BlockStack gap="200">
              <Text as="p">
                Add your store domain as a callback URI of the Customer Account API:
              </Text>
              <InlineStack gap="200" blockAlign="center">
                <Text as="span" fontWeight="semibold">
                  {domain}
                </Text>
                <Button onClick={() => void copy()}>Copy</Button>
              </InlineStack>
            </BlockStack>
          ) : null}
          {step === 3 ? (
            <BlockStack gap="200" inlineAlign="start">
              <TextField
                label="Customer Account API Client ID"
                value={clientId}
                onChange={(value) => {
                  setClientId(value);
                  setError(undefined);
                }}
                maxLength={CLIENT_ID_MAX}
                autoComplete="off"
                error={error}
              />
              <Button variant="primary" onClick={() => void saveClientId()} loading={saving}>
                Confirm
              </Button>
            </BlockStack>
          ) : null}
          {step === 4 ? (
            <Text as="p">
              In Settings › Customer accounts, turn on customer accounts login for your store.
            </Text>
          ) : null}
          <InlineStack align="space-between">
            <Button disabled={step === 1} onClick={() => move(step - 1)}>
              Previous
            </Button>
            {step < STEPS ? (
              <Button onClick={() => move(step + 1)}>Next</Button>
            ) : (
              <Button variant="primary" onClick={() => move(1)}>
                Done
              </Button>
            )}
          </InlineStack>
        </BlockStack>
      </Card>
    </MobileFrame>
  );
}
