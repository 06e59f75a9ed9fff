import { BILLING_MESSAGES, billingContract } from '@popstage/core/billing';
import type { FeatureId, Shop } from '@popstage/core/shop';
import { Banner, BlockStack, Modal, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useHost } from '../../app/host/HostContext';
import { useApi } from '../../lib/api/ApiContext';
import { sendCheckoutEvent } from './checkout-event';
import { usePopclipsGating } from './data';
import { LineItemsSummary } from './LineItemsSummary';
import { lineItemsTotal, readLineItems } from './line-items';
import { useCompletePurchase } from './use-complete-purchase';

interface Props {
  shop: Shop;
  featureNames: Partial<Record<FeatureId, string>>;
}

/**
 * Spec 01 §4: a plan change prepared for the shop shows an info banner; its summary modal lists
 * the new plan and Accept Plan Change asks for the purchase link.
 */
export function PendingPlanChange({ shop, featureNames }: Props) {
  const api = useApi();
  const host = useHost();
  const gating = usePopclipsGating();
  const completePurchase = useCompletePurchase();
  const [open, setOpen] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const pending = shop.pendingSubscription;
  if (!pending) return null;

  const lineItems = pending.draft.lineItems;
  const total = lineItemsTotal(readLineItems(lineItems));

  const accept = async () => {
    setAccepting(true);
    void sendCheckoutEvent(api, {
      shop,
      gating: gating.data,
      trigger: 'company',
      source: 'pending_plan_change',
      planId: readLineItems(lineItems).plan?.id ?? '',
      addonIds: readLineItems(lineItems).addons.map((line) => line.id),
      newPrice: total,
      discountCode: null,
    });
    try {
      const result = await api.call(billingContract.purchasePending, {
        body: { pendingSubscriptionId: pending.id },
      });
      setOpen(false);
      await completePurchase(result);
    } catch {
      host.showToast(BILLING_MESSAGES.checkoutLinkFailed, { error: true });
    } finally {
      setAccepting(false);
    }
  };

  return (
    <>
      <Banner
        tone="info"
        title="A plan change is waiting for you"
        action={{ content: 'Review Plan Change', onAction: () => setOpen(true) }}
      >
        <Text as="p">
          We have prepared a new plan for your store. Review it and accept the change to switch.
        </Text>
      </Banner>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Plan change summary"
        primaryAction={{ content: 'Accept Plan Change', onAction: accept, loading: accepting }}
        secondaryActions={[{ content: 'Close', onAction: () => setOpen(false) }]}
      >
        <Modal.Section>
          <BlockStack gap="300">
            <LineItemsSummary
              lineItems={lineItems}
              featureNames={featureNames}
              total={{ amount: total, currencyCode: shop.currency || 'USD' }}
            />
            <Text as="p" tone="subdued">
              Accepting replaces your current plan with this one.
            </Text>
          </BlockStack>
        </Modal.Section>
      </Modal>
    </>
  );
}
