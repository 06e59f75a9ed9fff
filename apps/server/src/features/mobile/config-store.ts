import { type AppConfig, type AppConfigBody, INVENTORY_LIMIT_DEFAULT } from '@popstage/core/mobile';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mobileAppConfigs, shops } from '../../db/schema';

export type ConfigRow = typeof mobileAppConfigs.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The config row of the shop, created (with its public app id) on first read. */
export async function ensureConfigRow(db: Db | Tx, shopId: string): Promise<ConfigRow> {
  const [existing] = await db
    .select()
    .from(mobileAppConfigs)
    .where(eq(mobileAppConfigs.shopId, shopId));
  if (existing) return existing;
  await db.insert(mobileAppConfigs).values({ shopId }).onConflictDoNothing();
  const [created] = await db
    .select()
    .from(mobileAppConfigs)
    .where(eq(mobileAppConfigs.shopId, shopId));
  if (!created) throw new Error('mobile config insert returned nothing');
  return created;
}

/** The shop's public app id, or null before it has a config. */
export async function mobilePublicAppId(db: Db, shopId: string): Promise<string | null> {
  const [row] = await db
    .select({ publicAppId: mobileAppConfigs.publicAppId })
    .from(mobileAppConfigs)
    .where(eq(mobileAppConfigs.shopId, shopId));
  return row?.publicAppId ?? null;
}

export async function configByPublicId(db: Db, publicAppId: string) {
  const [row] = await db
    .select()
    .from(mobileAppConfigs)
    .where(eq(mobileAppConfigs.publicAppId, publicAppId));
  return row ?? null;
}

/** Writes the fields given (already validated); the rest stay as they are. */
export async function saveConfigFields(
  db: Db | Tx,
  shopId: string,
  body: AppConfigBody,
  now: Date,
): Promise<ConfigRow> {
  await ensureConfigRow(db, shopId);
  const [row] = await db
    .update(mobileAppConfigs)
    .set({ ...body, updatedAt: now })
    .where(eq(mobileAppConfigs.shopId, shopId))
    .returning();
  if (!row) throw new Error('mobile config update returned nothing');
  return row;
}

/** The wire config (spec 03 §3 names: featuredShopifyCollectionGid, customFont when read). */
export function configWire(row: ConfigRow, customerAccountClientId: string | null): AppConfig {
  return {
    publicAppId: row.publicAppId,
    featuredShopifyCollectionGid: row.collectionId,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    bannerColor: row.bannerColor,
    liveBannerColor: row.liveBannerColor,
    bannerTitle: row.bannerTitle,
    bannerText: row.bannerText,
    liveBannerTitle: row.liveBannerTitle,
    liveBannerText: row.liveBannerText,
    customFont: row.font,
    headerLogoUrl: row.headerLogoUrl,
    menuHandle: row.menuHandle,
    shopMenuHandle: row.shopMenuHandle,
    customLinksHandle: row.customLinksHandle,
    showInventoryLimit: row.showInventoryLimit ?? INVENTORY_LIMIT_DEFAULT,
    customerAccountClientId,
  };
}

/** The installed shop whose branded app has this public id, or null. */
export async function shopOfPublicAppId(db: Db, publicAppId: string) {
  const [found] = await db
    .select({ shop: shops })
    .from(mobileAppConfigs)
    .innerJoin(shops, eq(shops.id, mobileAppConfigs.shopId))
    .where(eq(mobileAppConfigs.publicAppId, publicAppId));
  return found && !found.shop.uninstalledAt ? found.shop : null;
}
