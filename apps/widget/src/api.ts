import type { StorefrontFeed, StorefrontProduct } from './types';

export interface Api {
  base: string;
  feed(): Promise<StorefrontFeed | null>;
  likes(visitorId: string): Promise<string[]>;
  eventsUrl: string;
}

/** The storefront API of one shop on the app's origin (the widget script's own origin). */
export function createApi(origin: string, shop: string): Api {
  const base = `${origin}/storefront/v1/shops/${encodeURIComponent(shop)}`;
  const getJson = async <T>(url: string): Promise<T | null> => {
    try {
      const response = await fetch(url, { credentials: 'omit' });
      return response.ok ? ((await response.json()) as T) : null;
    } catch {
      return null;
    }
  };
  return {
    base,
    eventsUrl: `${base}/events`,
    feed: () => getJson<StorefrontFeed>(`${base}/feed`),
    likes: async (visitorId) =>
      (
        await getJson<{ likedClipIds: string[] }>(
          `${base}/likes?visitorId=${encodeURIComponent(visitorId)}`,
        )
      )?.likedClipIds ?? [],
  };
}

/** The numeric id Shopify's cart wants ('gid://shopify/ProductVariant/42' → '42'). */
export const variantNumber = (id: string): string => id.slice(id.lastIndexOf('/') + 1);

/**
 * Adds one unit to the storefront's own cart (Shopify's AJAX cart, POST /cart/add.js on the shop's
 * origin). False when the storefront has no such cart (the caller then opens the product page).
 */
export async function addToCart(product: StorefrontProduct): Promise<boolean> {
  if (!product.variantId) return false;
  try {
    const response = await fetch('/cart/add.js', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        items: [{ id: Number(variantNumber(product.variantId)), quantity: 1 }],
      }),
    });
    if (response.ok) document.dispatchEvent(new CustomEvent('popstage:cart-added'));
    return response.ok;
  } catch {
    return false;
  }
}
