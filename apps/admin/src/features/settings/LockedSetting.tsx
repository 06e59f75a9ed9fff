import { PREMIUM_PRICE } from '@popstage/core/billing';
import { formatMonthlyPrice } from '@popstage/core/format';
import { ROUTES } from '@popstage/core/routing';
import { Badge, BlockStack, Button, Checkbox, InlineStack } from '@shopify/polaris';
import { useNavigate } from 'react-router-dom';
import type { ManagePlansLocationState } from '../billing';

interface Props {
  label: string;
  help: string;
}

/**
 * A Premium setting on a lower plan: shown off and locked, with the upgrade beside it, rather
 * than a toggle the storefront would ignore.
 */
export function LockedSetting({ label, help }: Props) {
  const navigate = useNavigate();
  const state: ManagePlansLocationState = { checkoutTrigger: 'upgrade_prompt' };
  return (
    <BlockStack gap="100">
      <Checkbox
        label={
          <InlineStack gap="200" blockAlign="center">
            {label}
            <Badge tone="info">Premium</Badge>
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
          accessibilityLabel={`Upgrade to Premium for ${label.toLowerCase()}`}
        >
          {`Upgrade for ${formatMonthlyPrice(PREMIUM_PRICE)}`}
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
