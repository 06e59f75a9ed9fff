import { SHOW_LINE_PROPERTY } from '@popstage/core/analytics';
import { cartUrl } from '../cart';
import type { StorefrontProduct } from '../types';

/**
 * Adds one unit of a product shown in a live show or its replay to the storefront's cart (Shopify's
 * AJAX cart, so the shopper stays on the stream), with the show's id as the hidden line property
 * SHOW_LINE_PROPERTY: the order is credited to the show and the live success fee is charged on it.
 * The show id names no person, so it goes on the line whatever the shopper's analytics consent
 * (the visitor attribute, which does, is the player's to add only with consent). Null `showId`
 * (a show not started yet) adds the product without it: no success fee on sales before the show.
 * False when the product cannot be added here (the caller links to its page).
 */
export async function addShowProductToCart(
  product: StorefrontProduct,
  showId: string | null,
): Promise<boolean> {
  if (!product.variantId || !product.available) return false;
  const id = Number(product.variantId.slice(product.variantId.lastIndexOf('/') + 1));
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  try {
    const response = await fetch(cartUrl('add.js'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        items: [{ id, quantity: 1, properties: showId ? { [SHOW_LINE_PROPERTY]: showId } : {} }],
      }),
    });
    if (response.ok) document.dispatchEvent(new CustomEvent('popstage:cart-added'));
    return response.ok;
  } catch {
    return false;
  }
}
