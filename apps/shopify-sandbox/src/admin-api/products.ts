import { connection, firstOf, variantPriceRange } from '../graphql/shared-objects';
import { parseGid, toGid } from '../store/gid';
import type { PlatformProduct, ProductStatus } from '../store/types';
import type { AdminContext } from './context';
import { appPublicationExists, appPublicationId } from './publications';
import { parseSearch } from './search-syntax';

/** A store product as Shopify's Product object, with the connections it offers lazily. */
export function productObject(product: PlatformProduct) {
  const images = product.images.map((image, index) => ({
    __typename: 'MediaImage',
    id: `gid://shopify/MediaImage/${legacy(product.id)}${index}`,
    alt: image.altText,
    mediaContentType: 'IMAGE',
    image: { url: image.url, altText: image.altText, width: null, height: null },
  }));
  return {
    __typename: 'Product',
    id: product.id,
    legacyResourceId: legacy(product.id),
    title: product.title,
    handle: product.handle,
    description: product.description,
    vendor: product.vendor,
    productType: product.productType,
    tags: product.tags,
    status: product.status,
    createdAt: product.createdAt,
    totalInventory: product.totalInventory,
    publishedOnCurrentPublication: product.publishedToSalesChannel,
    publishedOnPublication: ({ publicationId }: { publicationId: string }, context: AdminContext) =>
      publicationId === appPublicationId(context.shop) && product.publishedToSalesChannel,
    priceRangeV2: variantPriceRange(product),
    variants: firstOf(
      product.variants.map((variant) => ({
        __typename: 'ProductVariant',
        ...variant,
        sku: variant.sku || null,
      })),
    ),
    media: firstOf(images),
    featuredMedia: images[0] ?? null,
    inCollection: async ({ id }: { id: string }, context: AdminContext) =>
      (await context.store.productsInCollection(context.shop, id, [product.id])).length > 0,
  };
}

function legacy(gid: string): string {
  return gid.split('/').pop() ?? '';
}

/** `products(first, after, query)`: the store's filters from Shopify's search syntax. */
export async function products(
  args: { first?: number; after?: string | null; query?: string | null },
  context: AdminContext,
) {
  const { filters, terms } = parseSearch(args.query);
  const status = filters.get('status')?.toUpperCase() as ProductStatus | undefined;
  const collection = filters.get('collection_id');
  const publication = filters.get('publication_ids');
  if (publication !== undefined && publication !== legacy(appPublicationId(context.shop))) {
    return connection([]);
  }
  const page = await context.store.listProducts(context.shop, {
    first: args.first ?? 0,
    after: args.after ?? null,
    ...(terms.length > 0 ? { query: terms.join(' ') } : {}),
    ...(status ? { status } : {}),
    ...(collection !== undefined ? { collectionId: toGid('Collection', Number(collection)) } : {}),
    ...(publication !== undefined ? { publishedOnly: true } : {}),
  });
  return connection(page.nodes.map(productObject), page.pageInfo);
}

/** `nodes(ids)`: products by GID in the order asked; anything else answers null, as Shopify. */
export async function nodes(args: { ids: string[] }, context: AdminContext) {
  const found = await context.store.getProducts(
    context.shop,
    args.ids.filter((id) => parseGid('Product', id) !== null),
  );
  const byId = new Map(found.map((product) => [product.id, productObject(product)]));
  return args.ids.map((id) => byId.get(id) ?? null);
}

/** `publishablePublish(id, input)`: publishes a product to the app's publication. */
export async function publishablePublish(
  args: { id: string; input: { publicationId: string }[] },
  context: AdminContext,
) {
  const ours = args.input.every((entry) => entry.publicationId === appPublicationId(context.shop));
  if (!ours || !(await appPublicationExists(context))) {
    return {
      publishable: null,
      userErrors: [{ field: ['input'], message: 'Publication does not exist' }],
    };
  }
  const [product] = await context.store.getProducts(context.shop, [args.id]);
  if (!product) {
    return {
      publishable: null,
      userErrors: [{ field: ['id'], message: 'Product does not exist' }],
    };
  }
  await context.store.publishProducts(context.shop, [args.id]);
  return { publishable: { __typename: 'Product', id: product.id }, userErrors: [] };
}

export async function publishedProductsCount(
  args: { publicationId: string },
  context: AdminContext,
) {
  const count =
    args.publicationId === appPublicationId(context.shop) && (await appPublicationExists(context))
      ? await context.store.countPublishedProducts(context.shop)
      : 0;
  return { count, precision: 'EXACT' };
}
