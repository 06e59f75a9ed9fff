import {
  type AdjustmentAmount,
  type DiscountCodeInfo,
  type Feature,
  type Plan,
  type PopclipsGating,
  type PopclipsGatingWire,
  type PurchaseResult,
  parseGatingWire,
  type SubscriptionDraft,
} from '@popstage/core/billing';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api/ApiContext';
import type { ApiClient } from '../../lib/api/client';

/** The billing calls of docs/api.md; queries are hooks, one-off actions plain functions. */

/** The catalogue changes rarely: a few minutes of cache saves refetching between pages. */
const CATALOGUE_STALE_MS = 5 * 60 * 1000;

export function usePlans() {
  const api = useApi();
  return useQuery({
    queryKey: ['billing', 'plans'],
    queryFn: ({ signal }) => api.get<Plan[]>('/api/billing/plans', { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useFeatures() {
  const api = useApi();
  return useQuery({
    queryKey: ['billing', 'features'],
    queryFn: ({ signal }) => api.get<Feature[]>('/api/billing/features', { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function usePopclipsGating() {
  const api = useApi();
  return useQuery({
    queryKey: ['billing', 'gating'],
    queryFn: async ({ signal }): Promise<PopclipsGating> => {
      const answer = await api.get<{ data: PopclipsGatingWire }>(
        '/api/shopify/shop/popclips/gating',
        { signal },
      );
      return parseGatingWire(answer.data);
    },
  });
}

export function fetchDiscountCode(api: ApiClient, code: string): Promise<DiscountCodeInfo> {
  return api.get(`/api/billing/discount-codes/${encodeURIComponent(code)}`);
}

export interface DraftRequest {
  shopifyDomain: string;
  planId: string;
  extraAddonIds: string[];
  discountCode: string | null;
}

export function createDraft(api: ApiClient, request: DraftRequest): Promise<SubscriptionDraft> {
  const { discountCode, ...rest } = request;
  return api.post('/api/shopify/shop/subscription/draft', {
    ...rest,
    ...(discountCode ? { discountCode } : {}),
  });
}

export function fetchAdjustment(
  api: ApiClient,
  currentPlanPrice: string,
  newPlanPrice: string,
): Promise<AdjustmentAmount> {
  const query = new URLSearchParams({ currentPlanPrice, newPlanPrice });
  return api.get(`/api/shopify/shop/subscription/adjustment-amount?${query}`);
}

export function purchaseDraft(api: ApiClient, draftId: string): Promise<PurchaseResult> {
  return api.post('/api/shopify/shop/subscription', { draftId });
}

export function purchasePendingChange(
  api: ApiClient,
  pendingSubscriptionId: string,
): Promise<PurchaseResult> {
  return api.post('/api/shopify/shop/subscription/purchase-url', { pendingSubscriptionId });
}
