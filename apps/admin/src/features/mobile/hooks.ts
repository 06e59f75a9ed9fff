import {
  type AppConfig,
  type AppSetup,
  type MobilePlanFacts,
  mobileContract,
} from '@popstage/core/mobile';
import { storefrontContract } from '@popstage/core/storefront';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiClient } from '../../lib/api/client';
import { routeKey, useRouteQuery } from '../../lib/api/hooks';

/** The mobile builder's calls (spec 03 §7) through the mobile contract. */

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
      (config: AppConfig) =>
        queryClient.setQueryData(routeKey(mobileContract.appConfig, {}), { data: config }),
      [queryClient],
    ),
    /** Changes the cached checklist from its latest value (steps save independently). */
    updateSetup: useCallback(
      (change: (setup: AppSetup) => AppSetup) =>
        queryClient.setQueryData<{ data: AppSetup; plan: MobilePlanFacts }>(
          routeKey(mobileContract.appSetup, {}),
          (old) => (old ? { ...old, data: change(old.data) } : old),
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
