import {
  type Addon,
  type Feature,
  MOBILE_CONTACT_SALES_TEXT,
  mobilePlanName,
  mobileShowsContactSales,
} from '@popstage/core/billing';
import { BlockStack, Link, Modal, Text } from '@shopify/polaris';
import { FeaturePlansSection } from './FeaturePlansSection';
import { LIVE_COMMISSION_NOTE } from './plan-details';

interface Props {
  feature: Feature | null;
  addons: Addon[];
  selectedId: string | undefined;
  currentId: string | undefined;
  freePopclips: boolean;
  supportEmail: string;
  onPick: (addon: Addon) => void;
  onClose: () => void;
}

/** The Subscription page's per-feature picker (spec 01 §2.9); picking the selected plan clears it. */
export function PlanPickerModal({
  feature,
  addons,
  selectedId,
  currentId,
  freePopclips,
  supportEmail,
  onPick,
  onClose,
}: Props) {
  const capped = addons.some((addon) => {
    const plan = mobilePlanName(addon.name);
    return plan !== null && mobileShowsContactSales(plan);
  });
  return (
    <Modal
      open={feature !== null}
      onClose={onClose}
      title={feature ? `Choose a ${feature.name} plan` : ''}
      size="large"
      primaryAction={{ content: 'Done', onAction: onClose }}
    >
      <Modal.Section>
        {feature ? (
          <BlockStack gap="400">
            <FeaturePlansSection
              feature={feature}
              addons={addons}
              selectedId={selectedId}
              currentId={currentId}
              freePopclips={freePopclips}
              onPick={onPick}
            />
            {feature.id === 'mobile' && capped ? (
              <Text as="p">
                <Link url={`mailto:${supportEmail}`}>{MOBILE_CONTACT_SALES_TEXT}</Link>
              </Text>
            ) : null}
            {feature.id === 'live' ? (
              <Text as="p" tone="subdued">
                {LIVE_COMMISSION_NOTE}
              </Text>
            ) : null}
          </BlockStack>
        ) : null}
      </Modal.Section>
    </Modal>
  );
}
