import { bannersContract, type PromoBanner } from '@popstage/core/banners';
import type { Shop } from '@popstage/core/shop';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useApi } from '../../lib/api/ApiContext';
import { PromoBanners } from './PromoBanners';
import { popupSigner } from './sign-popup-request';

const sign = popupSigner();
const popupsKey = (shopId: string, page: string) => ['banners', 'shop-popups', shopId, page];

/**
 * The page shell's promo banners (spec 01 §2.5, spec 03 §2): the page's banners are fetched by
 * its path (render url); a dismissal hides the banner at once and is kept by the server.
 * Failures are only logged (spec 03 §8): a page never breaks for want of a banner.
 */
export function usePromoBanners(shop: Shop): ReactNode {
  const api = useApi();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const shopId = shop.shopifyDomain;
  const key = popupsKey(shopId, pathname);

  const popups = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      (
        await api.call(
          bannersContract.shopPopups,
          { query: { shopId, renderUrl: pathname } },
          { signal, sign },
        )
      ).data,
    staleTime: 60_000,
    retry: false,
    // A deactivated shop's API refuses every call but the app load.
    enabled: !shop.featureFlags.deactivate_shop,
  });

  const dismiss = useMutation({
    mutationFn: (ruleId: string) =>
      api.call(bannersContract.dismiss, { body: { shop_id: shopId, rule_id: ruleId } }, { sign }),
    onMutate: (ruleId) => {
      // Every page's cached list drops it, not only this page's.
      queryClient.setQueriesData<PromoBanner[]>({ queryKey: ['banners', 'shop-popups'] }, (old) =>
        old?.filter((banner) => banner.rule_id !== ruleId),
      );
    },
    onError: (error) => {
      console.warn('Promo banner dismissal not saved', error);
      void queryClient.invalidateQueries({ queryKey: ['banners', 'shop-popups'] });
    },
  });

  useEffect(() => {
    if (popups.error) console.warn('Promo banners not loaded', popups.error);
  }, [popups.error]);
  const banners = popups.data ?? [];
  return banners.length > 0 ? (
    <PromoBanners banners={banners} onDismiss={(id) => dismiss.mutate(id)} />
  ) : null;
}
