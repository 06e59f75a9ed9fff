import type { FeatureId } from '@popstage/core/shop';
import { BlockStack, Modal, Text } from '@shopify/polaris';
import { LineItemsSummary } from './LineItemsSummary';
import type { PendingConfirmation } from './use-checkout';

interface Props {
  confirmation: PendingConfirmation | null;
  featureNames: Partial<Record<FeatureId, string>>;
  purchasing: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Spec 01 §4: Checkout opens this summary; Confirm requests the purchase link. */
export function CheckoutConfirmationModal({
  confirmation,
  featureNames,
  purchasing,
  onConfirm,
  onClose,
}: Props) {
  const draft = confirmation?.draft;
  return (
    <Modal
      open={confirmation !== null}
      onClose={onClose}
      title="Confirm your plan"
      primaryAction={{ content: 'Confirm', onAction: onConfirm, loading: purchasing }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose, disabled: purchasing }]}
    >
      <Modal.Section>
        {draft ? (
          <BlockStack gap="400">
            <LineItemsSummary
              lineItems={draft.lineItems}
              featureNames={featureNames}
              subtotal={draft.subscriptionSubtotal}
              discount={draft.subscriptionDiscount}
              total={draft.subscriptionTotal}
            />
            {confirmation?.proratedText ? (
              <Text as="p" tone="subdued">
                {confirmation.proratedText}
              </Text>
            ) : null}
          </BlockStack>
        ) : null}
      </Modal.Section>
    </Modal>
  );
}
