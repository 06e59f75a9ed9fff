import { eq } from 'drizzle-orm';
import type { TokenCipher } from '../../../auth/token-cipher';
import type { Db } from '../../../db/client';
import { shops } from '../../../db/schema';

/**
 * The shop's storefront access token, created once through the Admin API
 * (storefrontAccessTokenCreate) and kept encrypted on the shop row; a token Shopify stops
 * accepting is forgotten and created again on the next call.
 */
export interface StorefrontTokens {
  require(shop: string): Promise<string>;
  forget(shop: string, token: string): Promise<void>;
}

const TOKEN_TITLE = 'Popstage branded app';

export function createStorefrontTokens(
  db: Db,
  cipher: TokenCipher,
  create: (shop: string, title: string) => Promise<string>,
): StorefrontTokens {
  // One creation at a time per shop, so concurrent first calls do not make several tokens.
  const creating = new Map<string, Promise<string>>();

  const stored = async (shop: string) => {
    const [row] = await db
      .select({ token: shops.storefrontAccessToken })
      .from(shops)
      .where(eq(shops.shopifyDomain, shop));
    return row?.token ? cipher.decrypt(row.token) : null;
  };

  const createAndStore = async (shop: string) => {
    const token = await create(shop, TOKEN_TITLE);
    await db
      .update(shops)
      .set({ storefrontAccessToken: cipher.encrypt(token) })
      .where(eq(shops.shopifyDomain, shop));
    return token;
  };

  return {
    async require(shop) {
      const existing = await stored(shop);
      if (existing) return existing;
      let pending = creating.get(shop);
      if (!pending) {
        pending = createAndStore(shop).finally(() => creating.delete(shop));
        creating.set(shop, pending);
      }
      return pending;
    },
    async forget(shop, token) {
      if ((await stored(shop)) !== token) return;
      await db
        .update(shops)
        .set({ storefrontAccessToken: null })
        .where(eq(shops.shopifyDomain, shop));
    },
  };
}
