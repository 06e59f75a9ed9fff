import { loadConfig } from '../config';
import { signVisitorId } from '../features/storefront';

const secret = loadConfig({}).SHOPIFY_API_SECRET;

/**
 * The signed id the visitors route would issue for `visitor` on the shop (test apps run on the
 * default app secret), so tests name their visitors and read them back by that name.
 */
export const signedVisitor = (
  shop: string,
  visitor: string,
  // Far off by default: tests move their clocks by months.
  expiresAt = new Date('2100-01-01T00:00:00Z'),
): string => signVisitorId(secret, shop, visitor, expiresAt);
