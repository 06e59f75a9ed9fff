import type { Resolvers } from '../graphql/execute';
import {
  collectionFields,
  connection,
  firstOf,
  money,
  shopObject,
  variantPriceRange,
} from '../graphql/shared-objects';
import type { SandboxStore } from '../store/store';
import type { MenuItem, PlatformCollection, PlatformMenu, PlatformProduct } from '../store/types';

/**
 * What every Storefront API resolver gets: the shop, and whose products it sees: the app's sales
 * channel (a storefront token the app created) or the Online Store (tokenless access).
 */
export interface StorefrontContext {
  shop: string;
  store: SandboxStore;
  channel: 'app' | 'online-store';
}

/**
 * Buyers see a product when it is active and published to the channel asking. In the local
 * Shopify every product is on the Online Store; the app's channel has what was published to it.
 */
function visible(product: PlatformProduct, context: StorefrontContext): boolean {
  return (
    product.status === 'ACTIVE' &&
    (context.channel === 'online-store' || product.publishedToSalesChannel)
  );
}

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
    images: firstOf(images),
    priceRange: variantPriceRange(product),
    variants: firstOf(
      product.variants.map((variant) => ({
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
    ...collectionFields(collection),
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

/** Buyers see active products published to the channel only, as the Storefront API serves them. */
async function activeProducts(
  context: StorefrontContext,
  options: { first: number; after: string | null; collectionId?: string; query?: string },
) {
  const page = await context.store.listProducts(context.shop, {
    ...options,
    status: 'ACTIVE',
    ...(context.channel === 'app' ? { publishedOnly: true } : {}),
  });
  return connection(page.nodes.map(productObject), page.pageInfo);
}

async function findProduct(
  context: StorefrontContext,
  args: { handle?: string | null; id?: string | null },
) {
  const key = args.handle ?? null;
  if (args.id) {
    const [found] = await context.store.getProducts(context.shop, [args.id]);
    return found && visible(found, context) ? productObject(found) : null;
  }
  if (!key) return null;
  const page = await context.store.listProducts(context.shop, {
    first: 250,
    query: key,
    status: 'ACTIVE',
    ...(context.channel === 'app' ? { publishedOnly: true } : {}),
  });
  const found = page.nodes.find((product) => product.handle === key);
  return found ? productObject(found) : null;
}

/**
 * A menu as the Storefront API serves it: items get ids of their own, and a link to a product,
 * collection or page names its resource (looked up by the handle in its url).
 */
async function menuObject(menu: PlatformMenu, context: StorefrontContext) {
  const menuNumber = menu.id.split('/').pop();
  let counter = 0;
  const item = async (entry: MenuItem): Promise<Record<string, unknown>> => {
    counter += 1;
    return {
      __typename: 'MenuItem',
      id: `gid://shopify/MenuItem/${menuNumber}${String(counter).padStart(3, '0')}`,
      title: entry.title,
      url: entry.url || null,
      type: entry.type,
      resourceId: await resourceIdOf(entry, context),
      tags: [],
      items: await Promise.all(entry.items.map(item)),
    };
  };
  const items = [];
  for (const entry of menu.items) items.push(await item(entry));
  return {
    __typename: 'Menu',
    id: menu.id,
    handle: menu.handle,
    title: menu.title,
    items,
    itemsCount: items.length,
  };
}

async function resourceIdOf(entry: MenuItem, context: StorefrontContext): Promise<string | null> {
  const handle = entry.url.split('/').pop() ?? '';
  if (entry.type === 'COLLECTION') {
    const page = await context.store.listCollections(context.shop, { first: 250, query: handle });
    return page.nodes.find((collection) => collection.handle === handle)?.id ?? null;
  }
  if (entry.type === 'PRODUCT') return (await findProduct(context, { handle }))?.id ?? null;
  return null;
}

async function searchCollections(
  context: StorefrontContext,
  options: { first: number; after: string | null; query?: string | null },
) {
  const page = await context.store.listCollections(context.shop, {
    first: options.first,
    after: options.after,
    ...(options.query ? { query: options.query } : {}),
  });
  return connection(page.nodes.map(collectionObject), page.pageInfo);
}

/**
 * The Storefront API root fields the local Shopify serves (a branded app's catalogue: the shop,
 * products, collections), executed on Shopify's published Storefront schema.
 */
export const storefrontResolvers: Resolvers<StorefrontContext> = {
  query: {
    shop: (_args: unknown, context: StorefrontContext) =>
      shopObject(context, (found) => ({
        description: null,
        primaryDomain: {
          __typename: 'Domain',
          url: found.primaryDomainUrl,
          host: new URL(found.primaryDomainUrl).host,
          sslEnabled: found.primaryDomainUrl.startsWith('https:'),
        },
        paymentSettings: { currencyCode: found.currency },
      })),
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
    collections: (
      args: { first?: number; after?: string | null; query?: string | null },
      context: StorefrontContext,
    ) =>
      searchCollections(context, {
        first: args.first ?? 0,
        after: args.after ?? null,
        query: args.query ?? null,
      }),
    menu: async (args: { handle: string }, context: StorefrontContext) => {
      const found = await context.store.getMenu(context.shop, args.handle);
      return found ? menuObject(found, context) : null;
    },
    nodes: async (args: { ids: string[] }, context: StorefrontContext) => {
      const products = await context.store.getProducts(context.shop, args.ids);
      const active = new Map(
        products.filter((product) => visible(product, context)).map((p) => [p.id, p]),
      );
      return Promise.all(
        args.ids.map(async (id) => {
          const product = active.get(id);
          if (product) return productObject(product);
          const collection = id.includes('/Collection/')
            ? await context.store.getCollection(context.shop, id)
            : null;
          return collection ? collectionObject(collection) : null;
        }),
      );
    },
    predictiveSearch: async (
      args: { query: string; limit?: number | null; types?: string[] | null },
      context: StorefrontContext,
    ) => {
      const limit = Math.min(args.limit ?? 10, 10);
      const types = args.types ?? ['PRODUCT', 'COLLECTION', 'PAGE', 'ARTICLE', 'QUERY'];
      const products = types.includes('PRODUCT')
        ? (await activeProducts(context, { first: limit, after: null, query: args.query })).nodes
        : [];
      const collections = types.includes('COLLECTION')
        ? (await searchCollections(context, { first: limit, after: null, query: args.query })).nodes
        : [];
      return {
        __typename: 'PredictiveSearchResult',
        products,
        collections,
        pages: [],
        articles: [],
        queries: [],
      };
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
