import { MAX_TAGGED_PRODUCTS } from './constants';

/**
 * Clip form rules (spec 02 §5) are the media gallery's schemas in ./api: the admin validates
 * with them as the merchant edits, the server again. What is left here is no schema's.
 */

/** Tagging one more product is refused from the sixth on (spec 02 §5: up to 5). */
export function canTagAnotherProduct(taggedCount: number): boolean {
  return taggedCount < MAX_TAGGED_PRODUCTS;
}
