import { type AppSetup, MOBILE_MESSAGES, mobileContract } from '@popstage/core/mobile';
import { BlockStack, Checkbox, InlineError, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useHost } from '../../../app/host/HostContext';
import { useShop } from '../../../app/shop/ShopContext';
import { useApi } from '../../../lib/api/ApiContext';
import { useAppleEmail, useMobileCache } from '../data';

const STEP_LABELS: Record<keyof AppSetup, (email: string) => string> = {
  dunsCompletedAt: () => 'Get a D-U-N-S number for your LLC',
  iosDevCompletedAt: () => 'Enroll your LLC in the Apple Developer Program',
  addDevEmailCompletedAt: (email) =>
    `Invite ${email || 'our developer e-mail'} to your Apple developer team as an Admin`,
};

interface Props {
  setup: AppSetup;
  readOnly: boolean;
  error: string | undefined;
}

/** Three steps toggled done (now) / not done (0), saved at once, reverted when the save fails. */
export function ChecklistCard({ setup, readOnly, error }: Props) {
  const api = useApi();
  const host = useHost();
  const shop = useShop();
  const cache = useMobileCache();
  const [saving, setSaving] = useState<ReadonlySet<keyof AppSetup>>(new Set());
  const subdomain = shop.shopifyDomain.replace(/\.myshopify\.com$/, '');
  const email = useAppleEmail(subdomain);

  const toggle = async (step: keyof AppSetup, done: boolean) => {
    const previous = setup[step];
    const time = done ? Date.now() : 0;
    const setStep = (value: number) =>
      cache.updateSetup((latest) => ({ ...latest, [step]: value }));
    setStep(time);
    setSaving((current) => new Set(current).add(step));
    try {
      const saved = await api.call(mobileContract.saveAppSetup, { body: { [step]: time } });
      setStep(saved.data[step]);
    } catch {
      // Only this step goes back: the others may have been saved meanwhile.
      setStep(previous);
      host.showToast(MOBILE_MESSAGES.stepSaveFailed, { error: true });
    } finally {
      setSaving((current) => {
        const next = new Set(current);
        next.delete(step);
        return next;
      });
    }
  };

  return (
    <BlockStack gap="200">
      <Text as="p" tone="subdued">
        Mobile apps are only available for LLCs. Complete these steps with Apple before you submit.
      </Text>
      {email.isError ? (
        <InlineError message={MOBILE_MESSAGES.planLoadFailed} fieldID="apple-email" />
      ) : null}
      {(Object.keys(STEP_LABELS) as (keyof AppSetup)[]).map((step) => (
        <Checkbox
          key={step}
          label={STEP_LABELS[step](email.data ?? '')}
          helpText={setup[step] > 0 ? `Done ${new Date(setup[step]).toLocaleString()}` : undefined}
          checked={setup[step] > 0}
          disabled={readOnly || saving.has(step)}
          onChange={(checked) => void toggle(step, checked)}
        />
      ))}
      {error ? <InlineError message={error} fieldID="checklist" /> : null}
    </BlockStack>
  );
}
