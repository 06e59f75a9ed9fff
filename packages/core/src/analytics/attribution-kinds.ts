/**
 * How an ordered line item is credited to Popclips (issue 7, windows in docs/decisions.md):
 * direct — the product itself was clicked or added to cart from a clip;
 * indirect — another product, ordered by a visitor who interacted with a clip;
 * influenced — ordered by a visitor who only watched a clip.
 */
export const ATTRIBUTION_KINDS = ['direct', 'indirect', 'influenced'] as const;
export type AttributionKind = (typeof ATTRIBUTION_KINDS)[number];

/** Where an order came from: Shopify's orders/create webhook or the sandbox store's checkout. */
export type OrderSource = 'shopify' | 'sandbox';
