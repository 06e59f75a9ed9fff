import { DEFAULT_POPCLIPS_SETTINGS, type PopclipsSettings } from '@popstage/core/popclips';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api/ApiContext';
import type { ApiClient } from '../../../lib/api/client';

export const SETTINGS_PATH = '/api/shopify/shop/popclips/settings';
export const settingsQueryKey = ['popclips', 'settings'] as const;

export const SETTING_KEYS = [
  'hidePopClipsOnPDP',
  'showViewsOnPopClips',
  'showLikesOnPopClips',
  'enableShopFeaturesBuyBtn',
] as const satisfies readonly (keyof PopclipsSettings)[];

function pick(data: Partial<PopclipsSettings> | null | undefined): PopclipsSettings {
  const settings = { ...DEFAULT_POPCLIPS_SETTINGS };
  for (const key of SETTING_KEYS) {
    if (typeof data?.[key] === 'boolean') settings[key] = data[key];
  }
  return settings;
}

export function usePopclipsSettings() {
  const api = useApi();
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: async ({ signal }) =>
      pick((await api.get<{ data: Partial<PopclipsSettings> }>(SETTINGS_PATH, { signal })).data),
  });
}

export async function savePopclipsSettings(api: ApiClient, settings: PopclipsSettings) {
  const answer = await api.post<{ data?: Partial<PopclipsSettings> }>(SETTINGS_PATH, settings);
  return answer?.data ? pick(answer.data) : settings;
}
