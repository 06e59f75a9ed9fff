import { type PopclipsSettings, settingsContract } from '@popstage/core/settings';
import type { ApiClient } from '../../lib/api/client';
import { useRouteQuery } from '../../lib/api/hooks';

/** Popclips settings (docs/api.md) through the settings contract. */

export const SETTING_KEYS = [
  'hidePopClipsOnPDP',
  'showViewsOnPopClips',
  'showLikesOnPopClips',
  'enableShopFeaturesBuyBtn',
] as const satisfies readonly (keyof PopclipsSettings)[];

export function usePopclipsSettings() {
  return useRouteQuery(settingsContract.popclipsSettings, {}, { select: (answer) => answer.data });
}

/** Saves the four toggles; answers the settings as the server stored them. */
export async function savePopclipsSettings(api: ApiClient, settings: PopclipsSettings) {
  return (await api.call(settingsContract.savePopclipsSettings, { body: settings })).data;
}
