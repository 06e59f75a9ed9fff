import {
  BASIC_PRICE,
  hasPopclipsCapability,
  isWhiteLabelUpgradeHidden,
  type PopclipsPlanLevel,
  popclipsCarouselButton,
} from '@popstage/core/billing';
import { formatMonthlyPrice } from '@popstage/core/format';
import { ROUTES } from '@popstage/core/routing';
import { Button, Divider, InlineStack, List, Text } from '@shopify/polaris';
import { useNavigate } from 'react-router-dom';
import { TitledCard } from '../../../lib/ui/TitledCard';
import { openUpgrade } from './upgrade-link';

interface Props {
  /** Highest popclips add-on price of the active subscription; null without one. */
  highestPopclipsPrice: string | null;
  popclipsLevel: PopclipsPlanLevel;
}

/** Landing's Popclips card (spec 01 §2.6) with the carousel and white-label rows by plan price. */
export function PopclipsCard({ highestPopclipsPrice, popclipsLevel }: Props) {
  const navigate = useNavigate();
  const carousel = popclipsCarouselButton(highestPopclipsPrice);
  const upgrade = () => openUpgrade(navigate);
  return (
    <TitledCard title="Popclips: Shoppable Videos" gap="400">
      <List type="bullet">
        <List.Item>Shoppable short videos with up to 5 tagged products each</List.Item>
        <List.Item>Carousels, a featured clip and a miniplayer on your storefront</List.Item>
        {/* Importing is a Basic feature: a Free shop is not promised it. */}
        {hasPopclipsCapability(popclipsLevel, 'socialImport') ? (
          <List.Item>Import your videos from Instagram and TikTok</List.Item>
        ) : null}
      </List>
      <InlineStack gap="200">
        <Button variant="primary" url={ROUTES.popclipsList}>
          Manage Popclips
        </Button>
        {/* Premium is the top Popclips plan: nothing to upgrade to. */}
        {popclipsLevel === 'premium' ? null : <Button onClick={upgrade}>Upgrade Plan</Button>}
      </InlineStack>
      <Divider />
      <InlineStack align="space-between" blockAlign="center" gap="200">
        <Text as="span">Custom carousels</Text>
        {carousel === 'manage' ? (
          <Button url={ROUTES.popclipsList} accessibilityLabel="Manage custom carousels">
            Manage
          </Button>
        ) : (
          <Button onClick={upgrade} accessibilityLabel="Upgrade for custom carousels">
            {`Upgrade for ${formatMonthlyPrice(BASIC_PRICE)}`}
          </Button>
        )}
      </InlineStack>
      {isWhiteLabelUpgradeHidden(highestPopclipsPrice) ? null : (
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="span">White label: remove the Popstage branding</Text>
          <Button onClick={upgrade} accessibilityLabel="Upgrade for white label">
            Upgrade
          </Button>
        </InlineStack>
      )}
    </TitledCard>
  );
}
