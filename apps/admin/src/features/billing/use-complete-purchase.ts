import { BILLING_MESSAGES, type PurchaseResult } from '@popstage/core/billing';
import { ROUTES } from '@popstage/core/routing';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHost } from '../../app/host/HostContext';
import { invalidateShop } from '../../app/shop/shop-query';
import { invalidateGating } from './data';

/**
 * What follows a purchase call (spec 01 §4): a confirmation URL takes the top window to the
 * platform's approval page (App Bridge's remote redirect inside Shopify); a stub subscription is
 * already active, so the shop is reloaded (guards, menu) and the merchant lands on '/'.
 */
export function useCompletePurchase(): (result: PurchaseResult) => Promise<void> {
  const host = useHost();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (result: PurchaseResult) => {
      if (result.confirmationUrl) {
        host.redirectTop(result.confirmationUrl);
        return;
      }
      if (!result.subscription.isStubSubscription) {
        host.showToast(BILLING_MESSAGES.checkoutLinkFailed, { error: true });
        return;
      }
      await Promise.all([invalidateShop(queryClient), invalidateGating(queryClient)]);
      navigate(ROUTES.landing);
    },
    [host, navigate, queryClient],
  );
}
