import { hasPopclipsCapability, type PopclipsPlanLevel } from '@popstage/core/billing';
import { type PopclipsSettings, POPCLIP_SERVER_MESSAGES as S } from '@popstage/core/popclips';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../http/errors';
import { findSellerAccount } from '../account';
import { planFacts } from '../billing';
import { readPopclipsSettings } from '../settings';
import { ensureShop } from '../shop';

/** What every clip call needs about the session's shop. */
export interface ClipContext {
  shop: ShopRow;
  sellerId: string | null;
  level: PopclipsPlanLevel;
  /** The shop's Popclips settings (views and likes shown or not). */
  settings: PopclipsSettings;
}

export async function clipContext(
  deps: Pick<AppDeps, 'database' | 'platform' | 'catalogue'>,
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
  deps: Pick<AppDeps, 'database' | 'catalogue'>,
  shop: ShopRow,
): Promise<PopclipsPlanLevel> {
  return (await planFacts(deps.database.db, deps.catalogue, shop)).popclipsLevel;
}

/**
 * The media gallery's owner id (listMediabyID id, sellerId, csUpdateMedia/csDeleteMedia id):
 * the shop's domain, its id or its seller id. Anything else is another tenant: 403.
 */
export function assertOwner(ctx: ClipContext, id: string, alsoAllowed: string[] = []): void {
  const owners = [ctx.shop.shopifyDomain, ctx.shop.id, ctx.sellerId, ...alsoAllowed];
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
