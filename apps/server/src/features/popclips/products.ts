import { POPCLIP_SERVER_MESSAGES as S } from '@popstage/core/popclips';
import type { ShopRow, StoredPopclipProduct } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import { rememberProducts } from '../storefront';

/**
 * Tagged products are read from the store by id, never taken from the request as they are:
 * handle, URL, image, title and price are the store's (a snapshot for the storefront player).
 * What the store answered also goes into the storefront's product snapshot, so the clip's feed
 * entry has its products from the start. An id the shop does not have answers 400.
 */
export async function resolveTaggedProducts(
  deps: Pick<AppDeps, 'platform' | 'database' | 'clock'>,
  shop: ShopRow,
  inputs: readonly { shopifyProductId: string }[],
): Promise<StoredPopclipProduct[]> {
  const ids = [...new Set(inputs.map((input) => input.shopifyProductId.trim()))];
  if (ids.length === 0) return [];
  const found = await deps.platform.getProducts(shop.shopifyDomain, ids);
  await rememberProducts(deps.database.db, shop.id, ids, found, deps.clock.now());
  const byId = new Map(found.map((product) => [product.id, product]));
  const origin = shop.primaryDomainUrl.replace(/\/+$/, '');
  return ids.map((id) => {
    const product = byId.get(id);
    if (!product) throw badRequest(S.productUnknown);
    return {
      shopifyProductId: product.id,
      shopifyProductHandle: product.handle,
      shopifyProductUrl: `${origin}/products/${product.handle}`,
      defaultImage: product.images[0]?.url ?? null,
      title: product.title,
      amount: product.priceRange.min,
      currencyCode: product.priceRange.currencyCode,
    };
  });
}
