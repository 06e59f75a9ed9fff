import type { FeatureId } from '@popstage/core/shop';
import { BlockStack, Modal, Text } from '@shopify/polaris';
import { LineItemsSummary } from './LineItemsSummary';
import type { useCheckout } from './use-checkout';

interface Props {
  /** The page's checkout: its pending confirmation, and Confirm and Cancel. */
  checkout: Pick<
    ReturnType<typeof useCheckout>,
    'confirmation' | 'purchasing' | 'confirm' | 'cancel'
  >;
  featureNames: Partial<Record<FeatureId, string>>;
}

/** Spec 01 §4: Checkout opens this summary; Confirm requests the purchase link. */
export function CheckoutConfirmationModal({ checkout, featureNames }: Props) {
  const { confirmation, purchasing, confirm: onConfirm, cancel: onClose } = checkout;
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
