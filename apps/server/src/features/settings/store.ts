import { DEFAULT_POPCLIPS_SETTINGS, type PopclipsSettings } from '@popstage/core/settings';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { popclipsSettings } from '../../db/schema';

/** The shop's Popclips settings; the defaults until it saved them. */
export async function readPopclipsSettings(db: Db, shopId: string): Promise<PopclipsSettings> {
  const [row] = await db.select().from(popclipsSettings).where(eq(popclipsSettings.shopId, shopId));
  if (!row) return { ...DEFAULT_POPCLIPS_SETTINGS };
  return {
    hidePopClipsOnPDP: row.hidePopClipsOnPdp,
    showViewsOnPopClips: row.showViewsOnPopClips,
    showLikesOnPopClips: row.showLikesOnPopClips,
    enableShopFeaturesBuyBtn: row.enableShopFeaturesBuyBtn,
  };
}

export async function writePopclipsSettings(
  db: Db,
  shopId: string,
  settings: PopclipsSettings,
  at: Date,
): Promise<void> {
  const values = {
    hidePopClipsOnPdp: settings.hidePopClipsOnPDP,
    showViewsOnPopClips: settings.showViewsOnPopClips,
    showLikesOnPopClips: settings.showLikesOnPopClips,
    enableShopFeaturesBuyBtn: settings.enableShopFeaturesBuyBtn,
    updatedAt: at,
  };
  await db
    .insert(popclipsSettings)
    .values({ shopId, ...values })
    .onConflictDoUpdate({ target: popclipsSettings.shopId, set: values });
}
