import {
  type AppConfig,
  type AppSetup,
  type MobilePlanFacts,
  mobileContract,
} from '@popstage/core/mobile';
import { shopContract } from '@popstage/core/shop';
import { storefrontContract } from '@popstage/core/storefront';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiClient } from '../../lib/api/client';
import { type CacheKeys, routeKey, routeQueryOptions, useRouteQuery } from '../../lib/api/hooks';

/** The mobile builder's calls (spec 03 §7) through the mobile contract. */

const configKey = routeKey(mobileContract.appConfig, {});
const setupKey = routeKey(mobileContract.appSetup, {});

export const cacheKeys: CacheKeys = {
  queries: [
    mobileContract.appSetup,
    mobileContract.appConfig,
    mobileContract.appRequest,
    mobileContract.appleEmail,
    mobileContract.collections,
    mobileContract.collection,
    mobileContract.menu,
    storefrontContract.feed,
    shopContract.details,
  ].map((route) => routeKey(route)),
  invalidates: [configKey, setupKey],
};

/** What the screens' loaders prefetch: the same inputs as the hooks below. */
export const appSetupOptions = (api: ApiClient) =>
  routeQueryOptions(api, mobileContract.appSetup, {});
export const appConfigOptions = (api: ApiClient) =>
  routeQueryOptions(api, mobileContract.appConfig, {});
export const appRequestOptions = (api: ApiClient) =>
  routeQueryOptions(api, mobileContract.appRequest, { query: {} });
export const shopDetailsOptions = (api: ApiClient) =>
  routeQueryOptions(api, shopContract.details, {});

export function useAppSetup() {
  return useRouteQuery(mobileContract.appSetup, {}, { select: (answer) => answer.data });
}

/** The shop's mobile plan (platforms, downloads), answered with the checklist. */
export function useMobilePlan() {
  return useRouteQuery(mobileContract.appSetup, {}, { select: (answer) => answer.plan });
}

export function useAppConfig() {
  return useRouteQuery(mobileContract.appConfig, {}, { select: (answer) => answer.data });
}

/** The Apple developer e-mail to invite (the checklist's third step). */
export function useAppleEmail(shopifySubdomain: string) {
  return useRouteQuery(
    mobileContract.appleEmail,
    { query: { shopifySubdomain } },
    { select: (answer) => answer.data.emailAddress },
  );
}

/** The shop's details as Shopify has them now (domain, customer account client id). */
export function useShopDetails() {
  return useRouteQuery(shopContract.details, {}, { select: (answer) => answer.data.shop });
}

export function useAppRequest() {
  return useRouteQuery(
    mobileContract.appRequest,
    { query: {} },
    { select: (answer) => answer.data },
  );
}

/** Collection search by title: the first 20 (spec 03 §7). */
export function useCollectionSearch(query: string, enabled = true) {
  return useRouteQuery(
    mobileContract.collections,
    { query: { query } },
    { enabled, placeholderData: keepPreviousData, select: (answer) => answer.data },
  );
}

export function useCollectionPreview(collectionId: string | null) {
  return useRouteQuery(
    mobileContract.collection,
    { params: { collectionId: collectionId ?? '' } },
    { enabled: collectionId !== null, retry: false, select: (answer) => answer.data },
  );
}

/** A store menu by handle; disabled for an empty handle. */
export function useMenu(handle: string) {
  return useRouteQuery(
    mobileContract.menu,
    { params: { handle } },
    { enabled: handle !== '', retry: false, select: (answer) => answer.data },
  );
}

/**
 * The shop's Popclips as its branded app shows them: the public storefront feed the app reads
 * (the config's popclipsFeedUrl), same origin, no new route. Only while `enabled`.
 */
export function useShopPopclips(shop: string, enabled: boolean) {
  return useRouteQuery(
    storefrontContract.feed,
    { params: { shop } },
    { enabled, retry: false, select: (feed) => feed.clips },
  );
}

/** Writes a saved config or setup into the cache, so every tab sees it at once. */
export function useMobileCache() {
  const queryClient = useQueryClient();
  return {
    setConfig: useCallback(
      (config: AppConfig) => queryClient.setQueryData(configKey, { data: config }),
      [queryClient],
    ),
    /** Changes the cached checklist from its latest value (steps save independently). */
    updateSetup: useCallback(
      (change: (setup: AppSetup) => AppSetup) =>
        queryClient.setQueryData<{ data: AppSetup; plan: MobilePlanFacts }>(setupKey, (old) =>
          old ? { ...old, data: change(old.data) } : old,
        ),
      [queryClient],
    ),
  };
}

/** Uploads an image through a signed link under apps/{shop}; answers its public URL. */
export async function uploadAppImage(api: ApiClient, shop: string, file: File): Promise<string> {
  const link = await api.call(mobileContract.signedLink, {
    query: {
      path: `apps/${shop}`,
      contentType: file.type as 'image/png',
      fileName: file.name,
      public: 'true',
    },
  });
  const response = await fetch(link.uploadURL, {
    method: 'PUT',
    headers: link.headers,
    body: file,
  });
  if (!response.ok) throw new Error(`Upload failed (${response.status})`);
  return link.publicUrl;
}
