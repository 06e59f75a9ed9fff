import { type PopclipsSettings, settingsContract } from '@popstage/core/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../lib/api/ApiContext';
import type { ApiClient } from '../../lib/api/client';
import { type CacheKeys, routeKey, routeQueryOptions, useRouteQuery } from '../../lib/api/hooks';
import { CLIP_LIST_KEYS, invalidateClipLists } from '../popclips';

/** Popclips settings (docs/api.md) through the settings contract. */

const settingsKey = routeKey(settingsContract.popclipsSettings, {});

export const cacheKeys: CacheKeys = {
  queries: [settingsKey],
  invalidates: [settingsKey, ...CLIP_LIST_KEYS],
};

export const SETTING_KEYS = [
  'hidePopClipsOnPDP',
  'showViewsOnPopClips',
  'showLikesOnPopClips',
  'enableShopFeaturesBuyBtn',
] as const satisfies readonly (keyof PopclipsSettings)[];

export const popclipsSettingsOptions = (api: ApiClient) =>
  routeQueryOptions(api, settingsContract.popclipsSettings, {});

export function usePopclipsSettings() {
  return useRouteQuery(settingsContract.popclipsSettings, {}, { select: (answer) => answer.data });
}

/**
 * Saves the four toggles and answers them as the server stored them, which replace the cached
 * ones; the clip lists are read again (what they show follows the settings).
 */
export function useSavePopclipsSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (settings: PopclipsSettings) => {
      const saved = (await api.call(settingsContract.savePopclipsSettings, { body: settings }))
        .data;
      queryClient.setQueryData(settingsKey, { data: saved });
      void invalidateClipLists(queryClient);
      return saved;
    },
    [api, queryClient],
  );
}
