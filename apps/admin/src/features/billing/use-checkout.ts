import {
  BILLING_MESSAGES,
  billingContract,
  type CheckoutReasonFacts,
  checkCheckout,
  downgradeText,
  isUpgradePrice,
  proratedChargeText,
  type SubscriptionDraft,
} from '@popstage/core/billing';
import { useCallback, useState } from 'react';
import { useHost } from '../../app/host/HostContext';
import { useShop } from '../../app/shop/ShopContext';
import { useApi } from '../../lib/api/ApiContext';
import { ApiError } from '../../lib/api/errors';
import { type CheckoutEventInput, sendCheckoutEvent } from './checkout-event';
import { usePopclipsGating } from './data';
import { useCompletePurchase } from './use-complete-purchase';

export interface CheckoutRequest {
  planId: string;
  addonIds: string[];
  /** Normalised (trimmed, upper-case) code, or null. */
  discountCode: string | null;
}

interface PendingConfirmation {
  draft: SubscriptionDraft;
  /** The prorated charge explanation, for upgrades of an active subscription. */
  proratedText: string | null;
}

interface Options {
  trigger: CheckoutReasonFacts['trigger'];
  source: CheckoutEventInput['source'];
}

/**
 * The checkout of spec 01 §4 shared by Select Plan and Subscription: draft → confirmation modal
 * (with the prorated charge for upgrades) → purchase → approval page or landing.
 */
export function useCheckout({ trigger, source }: Options) {
  const api = useApi();
  const host = useHost();
  const shop = useShop();
  const gating = usePopclipsGating();
  const completePurchase = useCompletePurchase();
  const [confirmation, setConfirmation] = useState<PendingConfirmation | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [purchasing, setPurchasing] = useState(false);

  /** Drafts the subscription and opens the confirmation with its prorated charge. */
  const prepare = useCallback(
    async (request: CheckoutRequest) => {
      setPreparing(true);
      try {
        const draft = await api.call(billingContract.draft, {
          body: {
            shopifyDomain: shop.shopifyDomain,
            planId: request.planId,
            extraAddonIds: request.addonIds,
            ...(request.discountCode ? { discountCode: request.discountCode } : {}),
          },
        });
        setConfirmation({ draft, proratedText: await proration(draft) });
      } catch (error) {
        // A refused selection carries the server's reason (spec wording: an empty selection, a
        // code not applicable...); only a failure without one gets the generic text.
        const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
        host.showToast(refused ? error.message : BILLING_MESSAGES.couldNotProceed, {
          error: true,
        });
      } finally {
        setPreparing(false);
      }

      async function proration(draft: SubscriptionDraft): Promise<string | null> {
        const current = shop.subscriptionActive ? shop.subscription?.subscriptionTotal : null;
        const next = draft.subscriptionTotal;
        if (!current) return null;
        const upgrade = isUpgradePrice(current.amount, next.amount);
        // Same price (a discount change): nothing to prorate or credit.
        if (!upgrade && !isUpgradePrice(next.amount, current.amount)) return null;
        try {
          const adjustment = await api.call(billingContract.adjustmentAmount, {
            query: { currentPlanPrice: current.amount, newPlanPrice: next.amount },
          });
          return upgrade
            ? proratedChargeText(adjustment, next.currencyCode)
            : downgradeText(adjustment, next.currencyCode);
        } catch (error) {
          // The modal still shows the totals; the explanation is a nicety.
          console.warn('Prorated amount unavailable', error);
          return null;
        }
      }
    },
    [api, host, shop],
  );

  const confirm = useCallback(async () => {
    if (!confirmation) return;
    const { draft } = confirmation;
    setPurchasing(true);
    void sendCheckoutEvent(api, {
      shop,
      gating: gating.data,
      trigger,
      source,
      planId: draft.planId,
      addonIds: draft.addonIds,
      newPrice: draft.subscriptionTotal.amount,
      discountCode: draft.discountCode,
    });
    try {
      const result = await api.call(billingContract.purchase, { body: { draftId: draft.id } });
      setConfirmation(null);
      await completePurchase(result);
    } catch (error) {
      const linkFailed =
        error instanceof ApiError &&
        (error.status === 502 || error.message === BILLING_MESSAGES.checkoutLinkFailed);
      host.showToast(
        linkFailed ? BILLING_MESSAGES.checkoutLinkFailed : BILLING_MESSAGES.checkoutFailed,
        { error: true },
      );
    } finally {
      setPurchasing(false);
    }
  }, [api, completePurchase, confirmation, gating.data, host, shop, source, trigger]);

  const cancel = useCallback(() => setConfirmation(null), []);

  /**
   * The pages' Checkout: a selection core refuses (checkCheckout) is said in an error toast and
   * its message answered; else the checkout starts and the answer is null.
   */
  const start = (request: CheckoutRequest): string | null => {
    const check = checkCheckout({
      activePlanSku: shop.activePlan?.skuCode,
      selectedAddonIds: request.addonIds,
      includedAddonIds: [],
    });
    if (!check.ok) {
      host.showToast(check.message, { error: true });
      return check.message;
    }
    void prepare(request);
    return null;
  };

  return { confirmation, preparing, purchasing, start, confirm, cancel };
}
