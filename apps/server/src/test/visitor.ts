import { loadConfig } from '../config';
import { signVisitorId } from '../features/storefront';

const secret = loadConfig({}).SHOPIFY_API_SECRET;

/**
 * The signed id the visitors route would issue for `visitor` on the shop (test apps run on the
 * default app secret), so tests name their visitors and read them back by that name.
 */
export const signedVisitor = (shop: string, visitor: string): string =>
  signVisitorId(secret, shop, visitor);
