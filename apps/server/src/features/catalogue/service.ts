import { COLLECTION_SEARCH_SIZE, PRODUCT_SEARCH_PAGE_SIZE } from '@popstage/core/catalogue';
import type { AppDeps } from '../../deps';
import type { Connection, PlatformCollection, PlatformProduct } from '../../platform/port';
import type { Tenant } from '../../tenant';

type CatalogueDeps = Pick<AppDeps, 'platform'>;

/**
 * The product picker (spec 02 §2, 03 §7): pages of 10, searched by title, ACTIVE products
 * published to the Popstage sales channel only (what the storefront player can show).
 */
export function searchProducts(
  deps: CatalogueDeps,
  tenant: Tenant,
  query: { query?: string | undefined; after?: string | undefined },
): Promise<Connection<PlatformProduct>> {
  return deps.platform.listProducts(tenant.shop.shopifyDomain, {
    first: PRODUCT_SEARCH_PAGE_SIZE,
    after: query.after ?? null,
    ...(query.query ? { query: query.query } : {}),
    status: 'ACTIVE',
    publishedOnly: true,
  });
}

/** Tagged products by id (the edit page), in the order asked; unknown ids are left out. */
export function productsByIds(
  deps: CatalogueDeps,
  tenant: Tenant,
  ids: string[],
): Promise<PlatformProduct[]> {
  return deps.platform.getProducts(tenant.shop.shopifyDomain, ids);
}

/** The first products of one collection, for the collection carousel's preview (spec 02 §9: 5). */
export async function collectionProducts(
  deps: CatalogueDeps,
  tenant: Tenant,
  collectionId: string,
  first: number,
): Promise<PlatformProduct[]> {
  const page = await deps.platform.listProducts(tenant.shop.shopifyDomain, {
    first,
    collectionId,
    status: 'ACTIVE',
    publishedOnly: true,
  });
  return page.nodes;
}

export async function searchCollections(
  deps: CatalogueDeps,
  tenant: Tenant,
  query: { query?: string | undefined },
): Promise<PlatformCollection[]> {
  const page = await deps.platform.listCollections(tenant.shop.shopifyDomain, {
    first: COLLECTION_SEARCH_SIZE,
    ...(query.query ? { query: query.query } : {}),
  });
  return page.nodes;
}
