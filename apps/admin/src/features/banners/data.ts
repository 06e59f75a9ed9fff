import { bannersContract, type PromoBanner } from '@popstage/core/banners';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api/ApiContext';
import { type CacheKeys, routeKey } from '../../lib/api/hooks';
import { popupSigner } from './sign-popup-request';

/** The promo banner calls (spec 03 §7) through the banners contract, signed (spec 03 §2). */

const sign = popupSigner();
/** Every page's banners: a dismissal changes them all. */
const popupsKey = routeKey(bannersContract.shopPopups);

export const cacheKeys: CacheKeys = { queries: [popupsKey], invalidates: [popupsKey] };

/** A page's banners by its path (render url); off for a deactivated shop. */
export function useShopPopups(shopId: string, renderUrl: string, enabled: boolean) {
  const api = useApi();
  const input = { query: { shopId, renderUrl } };
  return useQuery({
    queryKey: routeKey(bannersContract.shopPopups, input),
    queryFn: async ({ signal }) =>
      (await api.call(bannersContract.shopPopups, input, { signal, sign })).data,
    staleTime: 60_000,
    retry: false,
    enabled,
  });
}

/** Hides the banner at once on every page; a failure is logged and the banners read again. */
export function useDismissPopup(shopId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: string) =>
      api.call(bannersContract.dismiss, { body: { shop_id: shopId, rule_id: ruleId } }, { sign }),
    onMutate: (ruleId) => {
      queryClient.setQueriesData<PromoBanner[]>({ queryKey: popupsKey }, (old) =>
        old?.filter((banner) => banner.rule_id !== ruleId),
      );
    },
    onError: (error) => {
      console.warn('Promo banner dismissal not saved', error);
      void queryClient.invalidateQueries({ queryKey: popupsKey });
    },
  });
}
