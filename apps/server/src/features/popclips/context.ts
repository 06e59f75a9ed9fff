import { hasPopclipsCapability, type PopclipsPlanLevel } from '@popstage/core/billing';
import { POPCLIP_SERVER_MESSAGES as S } from '@popstage/core/popclips';
import type { PopclipsSettings } from '@popstage/core/settings';
import { forbidden } from '../../http/errors';
import type { Tenant } from '../../tenant';

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
