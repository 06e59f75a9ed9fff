import { BASIC_PRICE, PREMIUM_PRICE } from '@popstage/core/billing';
import { formatMonthlyPrice } from '@popstage/core/format';
import { ROUTES } from '@popstage/core/routing';
import { Badge, BlockStack, Button, Checkbox, InlineStack } from '@shopify/polaris';
import { useNavigate } from 'react-router-dom';
import type { ManagePlansLocationState } from '../billing';

interface Props {
  label: string;
  help: string;
  /** The plan that unlocks it. */
  plan: 'basic' | 'premium';
}

const PLANS = {
  basic: { name: 'Basic', price: BASIC_PRICE },
  premium: { name: 'Premium', price: PREMIUM_PRICE },
} as const;

/**
 * A setting above the shop's plan: shown off and locked, with the upgrade beside it, rather
 * than a toggle the storefront would ignore.
 */
export function LockedSetting({ label, help, plan }: Props) {
  const { name, price } = PLANS[plan];
  const navigate = useNavigate();
  const state: ManagePlansLocationState = { checkoutTrigger: 'upgrade_prompt' };
  return (
    <BlockStack gap="100">
      <Checkbox
        label={
          <InlineStack gap="200" blockAlign="center">
            {label}
            <Badge tone="info">{name}</Badge>
          </InlineStack>
        }
        helpText={help}
        checked={false}
        disabled
      />
      <InlineStack>
        <Button
          variant="plain"
          onClick={() => navigate(ROUTES.managePlans, { state })}
          accessibilityLabel={`Upgrade to ${name} for ${label.toLowerCase()}`}
        >
          {`Upgrade for ${formatMonthlyPrice(price)}`}
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
