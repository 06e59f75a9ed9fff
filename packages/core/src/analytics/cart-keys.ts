/**
 * How a storefront visitor reaches the order (the widget writes these, the order carries them).
 * Names starting with an underscore are hidden from shoppers at checkout and in order emails.
 */

/** Cart attribute (Shopify: /cart/update.js `attributes`; the order's `note_attributes`). */
export const VISITOR_CART_ATTRIBUTE = '_popstage_visitor';

/**
 * Line item property set when the product was added to cart from a clip (Shopify: /cart/add.js
 * `items[].properties`; the order's `line_items[].properties`). The value is the clip's
 * metaIdentifier.
 */
export const CLIP_LINE_PROPERTY = '_popstage_clip';

/**
 * Line item property set when the product was added to cart from a live show or its replay (the
 * live player): the show's id. Orders with such lines are credited to the show, and the live
 * success fee is charged on their revenue (issue 32).
 */
export const SHOW_LINE_PROPERTY = '_popstage_show';
