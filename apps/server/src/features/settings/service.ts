import { POPCLIP_SERVER_MESSAGES as S } from '@popstage/core/popclips';
import type { PopclipsSettings, PopclipsSettingsBody } from '@popstage/core/settings';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../http/errors';
import type { Tenant } from '../../tenant';
import { queueProductClipCounts } from '../shop';
import { readPopclipsSettings, writePopclipsSettings } from './store';

/** The shop's Popclips settings; the defaults until it saved them. */
export function popclipsSettings(
  deps: Pick<AppDeps, 'database'>,
  tenant: Tenant,
): Promise<PopclipsSettings> {
  return readPopclipsSettings(deps.database.db, tenant.shop.id);
}

/** A shop's Popclips settings by id, for the areas that show its clips (admin list, storefront). */
export function popclipsSettingsOf(db: Db, shopId: string): Promise<PopclipsSettings> {
  return readPopclipsSettings(db, shopId);
}

/**
 * Saves the shop's Popclips settings. Hiding or showing Popclips on product pages changes every
 * product page's clip count, so the product metafields are recounted.
 */
export async function savePopclipsSettings(
  deps: Pick<AppDeps, 'database' | 'queue' | 'clock'>,
  tenant: Tenant,
  body: PopclipsSettingsBody,
): Promise<PopclipsSettings> {
  const { shopifyDomain, ...settings } = body;
  const { shop } = tenant;
  if (shopifyDomain !== undefined && shopifyDomain !== shop.shopifyDomain) {
    throw forbidden(S.notYourShop);
  }
  const before = await readPopclipsSettings(deps.database.db, shop.id);
  await writePopclipsSettings(deps.database.db, shop.id, settings, deps.clock.now());
  if (before.hidePopClipsOnPDP !== settings.hidePopClipsOnPDP) {
    await queueProductClipCounts(deps, shop.id);
  }
  return settings;
}
