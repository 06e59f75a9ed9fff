import {
  type PopclipsSettings,
  type popclipsSettingsBodySchema,
  POPCLIP_SERVER_MESSAGES as S,
} from '@popstage/core/popclips';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../http/errors';
import { queueProductClipCounts } from '../popclips';
import { ensureShop } from '../shop';
import { readPopclipsSettings, writePopclipsSettings } from './store';

/**
 * Saves the shop's Popclips settings. Hiding or showing Popclips on product pages changes every
 * product page's clip count, so the product metafields are recounted.
 */
export async function savePopclipsSettings(
  deps: Pick<AppDeps, 'database' | 'platform' | 'queue' | 'clock'>,
  shopDomain: string,
  body: z.infer<typeof popclipsSettingsBodySchema>,
): Promise<PopclipsSettings> {
  const { shopifyDomain, ...settings } = body;
  if (shopifyDomain !== undefined && shopifyDomain !== shopDomain) throw forbidden(S.notYourShop);
  const shop = await ensureShop(deps, shopDomain);
  const before = await readPopclipsSettings(deps.database.db, shop.id);
  await writePopclipsSettings(deps.database.db, shop.id, settings, deps.clock.now());
  if (before.hidePopClipsOnPDP !== settings.hidePopClipsOnPDP) {
    await queueProductClipCounts(deps, shop.id);
  }
  return settings;
}
