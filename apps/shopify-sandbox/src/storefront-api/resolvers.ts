import { connection } from '../admin-api/context';
import type { Resolvers } from '../graphql/execute';
import type { SandboxStore } from '../store/store';
import type { PlatformCollection, PlatformProduct } from '../store/types';

/** What every Storefront API resolver gets: the shop the storefront token belongs to. */
export interface StorefrontContext {
  shop: string;
  store: SandboxStore;
}

const money = (amount: string, currencyCode: string) => ({ amount, currencyCode });

/** A store product as the Storefront API's Product (what a buyer-facing client reads). */
function productObject(product: PlatformProduct) {
  const currency = product.priceRange.currencyCode;
  const images = product.images.map((image, index) => ({
    __typename: 'Image',
    id: `gid://shopify/ProductImage/${product.id.split('/').pop()}${index}`,
    url: image.url,
    altText: image.altText,
    width: null,
    height: null,
  }));
  return {
    __typename: 'Product',
    id: product.id,
    handle: product.handle,
    title: product.title,
    description: product.description,
    vendor: product.vendor,
    productType: product.productType,
    tags: product.tags,
    createdAt: product.createdAt,
    availableForSale: product.variants.some((variant) => variant.availableForSale),
    totalInventory: product.totalInventory,
    featuredImage: images[0] ?? null,
    images: ({ first }: { first?: number }) => connection(images.slice(0, first ?? 0)),
    priceRange: {
      minVariantPrice: money(product.priceRange.min, currency),
      maxVariantPrice: money(product.priceRange.max, currency),
    },
    variants: ({ first }: { first?: number }) =>
      connection(
        product.variants.slice(0, first ?? 0).map((variant) => ({
          __typename: 'ProductVariant',
          id: variant.id,
          title: variant.title,
          sku: variant.sku || null,
          availableForSale: variant.availableForSale,
          quantityAvailable: variant.inventoryQuantity,
          price: money(variant.price, currency),
          compareAtPrice: variant.compareAtPrice ? money(variant.compareAtPrice, currency) : null,
          image: images[0] ?? null,
        })),
      ),
  };
}

function collectionObject(collection: PlatformCollection) {
  return {
    __typename: 'Collection',
    id: collection.id,
    handle: collection.handle,
    title: collection.title,
    description: '',
    image: null,
    products: async (
      { first, after }: { first?: number; after?: string | null },
      context: StorefrontContext,
    ) =>
      activeProducts(context, {
        first: first ?? 0,
        after: after ?? null,
        collectionId: collection.id,
      }),
  };
}

/** Buyers see active products only, as the Storefront API serves them. */
async function activeProducts(
  context: StorefrontContext,
  options: { first: number; after: string | null; collectionId?: string; query?: string },
) {
  const page = await context.store.listProducts(context.shop, { ...options, status: 'ACTIVE' });
  return connection(page.nodes.map(productObject), page.pageInfo);
}

async function findProduct(
  context: StorefrontContext,
  args: { handle?: string | null; id?: string | null },
) {
  const key = args.handle ?? null;
  if (args.id) {
    const [found] = await context.store.getProducts(context.shop, [args.id]);
    return found && found.status === 'ACTIVE' ? productObject(found) : null;
  }
  if (!key) return null;
  const page = await context.store.listProducts(context.shop, {
    first: 250,
    query: key,
    status: 'ACTIVE',
  });
  const found = page.nodes.find((product) => product.handle === key);
  return found ? productObject(found) : null;
}

/**
 * The Storefront API root fields the local Shopify serves (a branded app's catalogue: the shop,
 * products, collections), executed on Shopify's published Storefront schema.
 */
export const storefrontResolvers: Resolvers<StorefrontContext> = {
  query: {
    shop: async (_args: unknown, context: StorefrontContext) => {
      const found = await context.store.getShop(context.shop);
      if (!found) return null;
      return {
        __typename: 'Shop',
        id: 'gid://shopify/Shop/1',
        name: found.name,
        description: null,
        primaryDomain: {
          __typename: 'Domain',
          url: found.primaryDomainUrl,
          host: new URL(found.primaryDomainUrl).host,
          sslEnabled: found.primaryDomainUrl.startsWith('https:'),
        },
        paymentSettings: { currencyCode: found.currency },
      };
    },
    products: (
      args: { first?: number; after?: string | null; query?: string | null },
      context: StorefrontContext,
    ) =>
      activeProducts(context, {
        first: args.first ?? 0,
        after: args.after ?? null,
        ...(args.query ? { query: args.query } : {}),
      }),
    product: (args: { handle?: string | null; id?: string | null }, context: StorefrontContext) =>
      findProduct(context, args),
    collections: async (
      args: { first?: number; after?: string | null },
      context: StorefrontContext,
    ) => {
      const page = await context.store.listCollections(context.shop, {
        first: args.first ?? 0,
        after: args.after ?? null,
      });
      return connection(page.nodes.map(collectionObject), page.pageInfo);
    },
    collection: async (
      args: { handle?: string | null; id?: string | null },
      context: StorefrontContext,
    ) => {
      if (args.id) {
        const found = await context.store.getCollection(context.shop, args.id);
        return found ? collectionObject(found) : null;
      }
      if (!args.handle) return null;
      const page = await context.store.listCollections(context.shop, {
        first: 250,
        query: args.handle,
      });
      const found = page.nodes.find((collection) => collection.handle === args.handle);
      return found ? collectionObject(found) : null;
    },
  },
};
