import {
  hasPopclipsCapability,
  type PopclipsPlanLevel,
  popclipsPlanLevel,
} from '@popstage/core/billing';
import { POPCLIP_SERVER_MESSAGES as S } from '@popstage/core/popclips';
import type { PopclipsSettings } from '@popstage/core/settings';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../http/errors';
import type { Tenant } from '../../tenant';
import { findSellerAccount } from '../account';
import { activeSubscription, readCatalogue } from '../billing';
import { readPopclipsSettings } from '../settings';
import { ensureShop } from '../shop';

/**
 * The session's shop as the share-link calls (features/sharing) still resolve it; the clip calls
 * read request.tenant instead.
 */
export interface ClipContext {
  shop: ShopRow;
  sellerId: string | null;
  level: PopclipsPlanLevel;
  /** The shop's Popclips settings (views and likes shown or not). */
  settings: PopclipsSettings;
}

export async function clipContext(
  deps: Pick<AppDeps, 'database' | 'platform'>,
  shopDomain: string,
): Promise<ClipContext> {
  const shop = await ensureShop(deps, shopDomain);
  const [seller, level, settings] = await Promise.all([
    findSellerAccount(deps.database.db, shop.id),
    popclipsLevel(deps, shop),
    readPopclipsSettings(deps.database.db, shop.id),
  ]);
  return { shop, sellerId: seller?.sellerId ?? null, level, settings };
}

/** The level of the active subscription's popclips add-on (spec 02 §6); free without one. */
export async function popclipsLevel(
  deps: Pick<AppDeps, 'database'>,
  shop: ShopRow,
): Promise<PopclipsPlanLevel> {
  const db = deps.database.db;
  const active = await activeSubscription(db, shop.id);
  if (!active) return popclipsPlanLevel(null, shop.shopifyDomain);
  const catalogue = await readCatalogue(db);
  const addon = catalogue.addons.find(
    (candidate) => active.addonIds.includes(candidate.id) && candidate.featureId === 'popclips',
  );
  return popclipsPlanLevel(addon?.price[0]?.amount ?? null, shop.shopifyDomain);
}

/**
 * The media gallery's owner id (listMediabyID id, sellerId, csUpdateMedia/csDeleteMedia id):
 * the shop's domain, its id or its seller id. Anything else is another tenant: 403.
 */
export function assertOwner(
  tenant: Pick<Tenant, 'shop' | 'sellerId'>,
  id: string,
  alsoAllowed: string[] = [],
): void {
  const owners = [tenant.shop.shopifyDomain, tenant.shop.id, tenant.sellerId, ...alsoAllowed];
  if (!owners.includes(id.trim())) throw forbidden(S.notYourShop);
}

/** Views and likes show when the shop's settings say so and its plan level includes them. */
export function clipVisibility(
  level: PopclipsPlanLevel,
  settings: Pick<PopclipsSettings, 'showViewsOnPopClips' | 'showLikesOnPopClips'>,
) {
  return {
    showViews: settings.showViewsOnPopClips && hasPopclipsCapability(level, 'viewCounts'),
    showLikes: settings.showLikesOnPopClips && hasPopclipsCapability(level, 'likes'),
  };
}
