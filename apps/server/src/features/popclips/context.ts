import { POPCLIP_SERVER_MESSAGES as S } from '@popstage/core/popclips';
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
