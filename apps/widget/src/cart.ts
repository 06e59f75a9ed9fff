import { CLIP_LINE_PROPERTY, VISITOR_CART_ATTRIBUTE } from '@popstage/core/analytics';
import type { StorefrontProduct } from './types';

/**
 * The storefront's own cart (Shopify's AJAX cart API), reached from the theme's locale-aware root,
 * window.Shopify.routes.root ('/', '/fr/', or the sandbox store's root). The visitor id goes on the
 * cart as an attribute and the clip on the line as a property, so the order names both.
 */

const TAGGED = 'popstage:cart-visitor';

type ShopifyGlobal = { Shopify?: { routes?: { root?: string } } };

export function cartUrl(path: string): string {
  const root = (window as ShopifyGlobal).Shopify?.routes?.root || '/';
  return `${root.endsWith('/') ? root : `${root}/`}cart/${path}`;
}

const post = (path: string, body: unknown): Promise<Response> =>
  fetch(cartUrl(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    // Survives the navigation a product click starts.
    keepalive: true,
  });

let tagging: Promise<void> | null = null;

/** Shopify's `cart` cookie (theme scripts may read it); another value means another cart. */
function cartCookie(): string {
  return /(?:^|;\s*)cart=([^;]*)/.exec(document.cookie)?.[1] ?? '';
}

/**
 * Puts the visitor id on the cart the first time the visitor engages with a clip in this browser
 * session, and again when the cart is a new one (after a checkout): sessionStorage remembers
 * which cart was tagged. A failure is ignored: the next page load tries again.
 */
export function tagCart(visitorId: string): Promise<void> {
  tagging ??= (async () => {
    try {
      if (sessionStorage.getItem(TAGGED) === cartCookie()) return;
      const response = await post('update.js', {
        attributes: { [VISITOR_CART_ATTRIBUTE]: visitorId },
      });
      // The answer may have set the cookie (a cart's first write).
      if (response.ok) sessionStorage.setItem(TAGGED, cartCookie());
    } catch {
      // storage blocked or no cart here: attribution falls back to the clip on the line
    }
  })();
  return tagging;
}

/** Forgets this page's tagging attempt (tests; a new page starts afresh anyway). */
export function resetCartTagging(): void {
  tagging = null;
}

/**
 * Adds one unit from a clip, with the clip id as a hidden line property when analytics are
 * allowed (`attribution`, else null). False when the storefront has no such cart or refuses (the
 * caller then opens the product page). The cart is tagged first so both requests land on it.
 */
export async function addToCart(
  product: StorefrontProduct,
  attribution: { clipId: string; visitorId: string } | null,
): Promise<boolean> {
  if (!product.variantId) return false;
  if (attribution?.visitorId) await tagCart(attribution.visitorId);
  try {
    const id = Number(product.variantId.slice(product.variantId.lastIndexOf('/') + 1));
    const properties = attribution ? { [CLIP_LINE_PROPERTY]: attribution.clipId } : {};
    const response = await post('add.js', { items: [{ id, quantity: 1, properties }] });
    if (response.ok) document.dispatchEvent(new CustomEvent('popstage:cart-added'));
    return response.ok;
  } catch {
    return false;
  }
}
