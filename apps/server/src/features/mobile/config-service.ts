import { type AppConfig, type AppConfigBody, MOBILE_MESSAGES } from '@popstage/core/mobile';
import type { Db } from '../../db/client';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { Tenant } from '../../tenant';
import { assetKeyOf } from './assets';
import {
  configWire,
  ensureConfigRow,
  mobilePublicAppId,
  saveConfigFields,
  shopOfPublicAppId,
} from './config-store';
import { storedImage } from './image-checks';
import { isRequestSubmitted } from './request-state';

type ConfigDeps = Pick<AppDeps, 'database' | 'clock' | 'storefront' | 'config' | 'media'>;

export function clientIdOf(shop: ShopRow): string | null {
  const value = shop.info.customerAccountClientId;
  return typeof value === 'string' ? value : null;
}

export async function readAppConfig(deps: ConfigDeps, tenant: Tenant): Promise<AppConfig> {
  const row = await ensureConfigRow(deps.database.db, tenant.shop.id);
  return configWire(row, clientIdOf(tenant.shop));
}

/**
 * Saves appearance or menus (spec 03 §4): only after submission (before it the save bar stays
 * hidden), always with a featured collection; a collection, menu or logo named must be the
 * store's own.
 */
export async function saveAppConfig(
  deps: ConfigDeps,
  tenant: Tenant,
  body: AppConfigBody,
): Promise<AppConfig> {
  const { db } = deps.database;
  const shop = tenant.shop.shopifyDomain;
  if (!(await isRequestSubmitted(db, tenant.shop.id))) {
    throw new HttpError(409, MOBILE_MESSAGES.setupNotCompleted);
  }
  const current = await ensureConfigRow(db, tenant.shop.id);
  if (!body.collectionId && !current.collectionId) {
    throw new HttpError(400, MOBILE_MESSAGES.selectFeaturedCollection);
  }
  if (body.collectionId && body.collectionId !== current.collectionId) {
    const found = await deps.storefront.collectionWithProducts(shop, body.collectionId, 1);
    if (!found) throw new HttpError(400, MOBILE_MESSAGES.selectCollection);
  }
  for (const field of ['menuHandle', 'shopMenuHandle', 'customLinksHandle'] as const) {
    const handle = body[field];
    if (handle && !(await deps.storefront.menu(shop, handle))) {
      throw new HttpError(400, MOBILE_MESSAGES.noResults, { field });
    }
  }
  if (body.headerLogoUrl) {
    const key = assetKeyOf(deps.config.APP_URL, shop, body.headerLogoUrl);
    if (!key || !(await deps.media.headObject(key))) {
      throw new HttpError(400, 'Upload the header logo again', { field: 'headerLogoUrl' });
    }
    // Spec 03 §5: the header logo must be an image; its size is free (no dimension check is on).
    if (!(await storedImage(deps.media, key))) {
      throw new HttpError(400, MOBILE_MESSAGES.headerLogoNotImage, { field: 'headerLogoUrl' });
    }
  }
  const row = await saveConfigFields(db, tenant.shop.id, body, deps.clock.now());
  return configWire(row, clientIdOf(tenant.shop));
}

/** The branded app's public id, once its config exists (the operator's shop view). */
export function publicAppIdOf(db: Db, shopId: string): Promise<string | null> {
  return mobilePublicAppId(db, shopId);
}

/** The installed shop a branded app's public id names, or null (the device API). */
export function shopOfAppId(db: Db, publicAppId: string): Promise<ShopRow | null> {
  return shopOfPublicAppId(db, publicAppId);
}
