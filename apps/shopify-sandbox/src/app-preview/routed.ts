import type { StorefrontFeed } from '@popstage/core/storefront';
import type { SandboxContext } from '../context';
import type { PreviewScreen, RoutedContent } from './render';

/** Products a deep-linked collection shows. */
const COLLECTION_PRODUCTS = 12;

/**
 * What a deep link (a notification's route) opens: a product or collection of the local store
 * by handle, or a Popclip of the shop's public feed. Nothing when the screen has no link.
 */
export async function routedContent(
  ctx: SandboxContext,
  shop: string,
  link: { screen: PreviewScreen; handle?: string | undefined; clip?: string | undefined },
  feed: StorefrontFeed | null,
): Promise<RoutedContent> {
  if (link.screen === 'product' && link.handle) {
    const found = (
      await ctx.store.listProducts(shop, { query: link.handle, first: 50 })
    ).nodes.find((product) => product.handle === link.handle);
    return {
      product: found
        ? {
            title: found.title,
            imageUrl: found.images[0]?.url ?? null,
            price: found.priceRange.min,
            currencyCode: found.priceRange.currencyCode,
          }
        : null,
    };
  }
  if (link.screen === 'collection') {
    const collection = link.handle
      ? (await ctx.store.listCollections(shop, { query: link.handle, first: 50 })).nodes.find(
          (candidate) => candidate.handle === link.handle,
        )
      : undefined;
    if (!collection) return { collection: null };
    const products = await ctx.store.listProducts(shop, {
      collectionId: collection.id,
      first: COLLECTION_PRODUCTS,
      publishedOnly: true,
    });
    return {
      collection: {
        title: collection.title,
        products: products.nodes.map((product) => ({
          title: product.title,
          imageUrl: product.images[0]?.url ?? null,
        })),
      },
    };
  }
  if (link.screen === 'popclip') {
    return { clip: feed?.clips.find((candidate) => candidate.id === link.clip) ?? null };
  }
  return {};
}
