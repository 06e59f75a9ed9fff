import {
  type CatalogueCollection,
  type CatalogueProductsResponse,
  PRODUCT_SEARCH_PAGE_SIZE,
  type ProductPickerItem,
} from '@popstage/core/popclips';
import type { AppDeps } from '../../deps';
import type { PlatformProduct } from '../../platform/port';
import { ensureShop } from '../shop/service';

/** Collection search answers the first 20 (spec 03 §7). */
export const COLLECTION_SEARCH_SIZE = 20;

type CatalogueDeps = Pick<AppDeps, 'database' | 'platform'>;

/**
 * The product picker (spec 02 §2, 03 §7): pages of 10, searched by title, ACTIVE products
 * published to the Popstage sales channel only (what the storefront player can show).
 */
export async function searchProducts(
  deps: CatalogueDeps,
  shopDomain: string,
  query: { query?: string | undefined; after?: string | undefined },
): Promise<CatalogueProductsResponse> {
  await ensureShop(deps, shopDomain);
  const page = await deps.platform.listProducts(shopDomain, {
    first: PRODUCT_SEARCH_PAGE_SIZE,
    after: query.after ?? null,
    ...(query.query ? { query: query.query } : {}),
    status: 'ACTIVE',
    publishedOnly: true,
  });
  return { data: page.nodes.map(toPickerItem), pageInfo: page.pageInfo };
}

/** Tagged products by id (the edit page), in the order asked; unknown ids are left out. */
export async function productsByIds(
  deps: CatalogueDeps,
  shopDomain: string,
  ids: string[],
): Promise<{ data: ProductPickerItem[] }> {
  await ensureShop(deps, shopDomain);
  const products = await deps.platform.getProducts(shopDomain, ids);
  return { data: products.map(toPickerItem) };
}

/** The first products of one collection, for the collection carousel's preview (spec 02 §9: 5). */
export async function collectionProducts(
  deps: CatalogueDeps,
  shopDomain: string,
  collectionId: string,
  first: number,
): Promise<{ data: ProductPickerItem[] }> {
  await ensureShop(deps, shopDomain);
  const page = await deps.platform.listProducts(shopDomain, {
    first,
    collectionId,
    status: 'ACTIVE',
    publishedOnly: true,
  });
  return { data: page.nodes.map(toPickerItem) };
}

export async function searchCollections(
  deps: CatalogueDeps,
  shopDomain: string,
  query: { query?: string | undefined },
): Promise<{ data: CatalogueCollection[] }> {
  await ensureShop(deps, shopDomain);
  const page = await deps.platform.listCollections(shopDomain, {
    first: COLLECTION_SEARCH_SIZE,
    ...(query.query ? { query: query.query } : {}),
  });
  return {
    data: page.nodes.map(({ id, title, handle, productsCount }) => ({
      id,
      title,
      handle,
      productsCount,
    })),
  };
}

export function toPickerItem(product: PlatformProduct): ProductPickerItem {
  const image = product.images[0];
  return {
    id: product.id,
    title: product.title,
    description: product.description,
    handle: product.handle,
    createdAt: product.createdAt,
    amount: product.priceRange.min,
    currencyCode: product.priceRange.currencyCode,
    imgSrc: image?.url ?? null,
    imgAlt: image ? image.altText || product.title : null,
  };
}
