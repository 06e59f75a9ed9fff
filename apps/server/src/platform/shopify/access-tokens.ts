import { and, eq } from 'drizzle-orm';
import { isShopDomain } from '../../auth/session-token';
import type { Db } from '../../db/client';
import { shopifySessions } from '../../db/schema';
import type { Clock } from '../clock';
import { PlatformError } from '../errors';
import { ShopifyAuthError } from './errors';
import type { ExchangedToken } from './token-exchange';

/**
 * Offline access tokens per shop, stored in `shopify_sessions` so every process (web or worker)
 * shares them. The in-process single-flight only stops one process from exchanging the same
 * shop's token twice at once; across processes the upsert keeps whichever exchange lands last,
 * and both tokens are valid.
 */
export interface AccessTokens {
  /** Exchanges the session token unless a token is already stored for the shop. */
  authorize(shop: string, sessionToken: string): Promise<void>;
  /** The stored token, or a ShopifyAuthError saying the shop has to open the app first. */
  require(shop: string): Promise<string>;
  /** Forgets the token (Shopify rejected it); the next authorize exchanges a new one. */
  drop(shop: string, rejected: string): Promise<void>;
}

export function createAccessTokens(
  db: Db,
  exchange: (shop: string, sessionToken: string) => Promise<ExchangedToken>,
  clock: Clock,
): AccessTokens {
  const inFlight = new Map<string, Promise<void>>();

  const stored = async (shop: string) => {
    const [row] = await db
      .select({ accessToken: shopifySessions.accessToken })
      .from(shopifySessions)
      .where(eq(shopifySessions.shopDomain, shop));
    return row?.accessToken ?? null;
  };

  const checkShop = (shop: string) => {
    // The shop becomes a URL host below: never let anything but a *.myshopify.com name through.
    if (!isShopDomain(shop)) throw new PlatformError('invalid', `Not a shop domain: ${shop}`);
  };

  const exchangeAndStore = async (shop: string, sessionToken: string) => {
    const token = await exchange(shop, sessionToken);
    // The clock's time on a first exchange too, not only when a token is replaced.
    const row = {
      shopDomain: shop,
      accessToken: token.accessToken,
      scope: token.scope,
      createdAt: clock.now(),
    };
    await db
      .insert(shopifySessions)
      .values(row)
      .onConflictDoUpdate({
        target: shopifySessions.shopDomain,
        set: { accessToken: row.accessToken, scope: row.scope, createdAt: row.createdAt },
      });
  };

  return {
    async authorize(shop, sessionToken) {
      checkShop(shop);
      const pending = inFlight.get(shop);
      if (pending) return pending;
      if ((await stored(shop)) !== null) return;
      // Another request may have started the exchange while we read the table.
      let flight = inFlight.get(shop);
      if (!flight) {
        // Read again inside the flight: a flight that finished while we read may have stored it.
        flight = (async () => {
          if ((await stored(shop)) === null) await exchangeAndStore(shop, sessionToken);
        })().finally(() => inFlight.delete(shop));
        inFlight.set(shop, flight);
      }
      return flight;
    },

    async require(shop) {
      checkShop(shop);
      const pending = inFlight.get(shop);
      if (pending) await pending;
      const token = await stored(shop);
      if (token === null) {
        throw new ShopifyAuthError(
          `No Shopify access token for ${shop}: the merchant has to open the app once to grant it`,
        );
      }
      return token;
    },

    async drop(shop, rejected) {
      // Only the token Shopify rejected: a concurrent exchange may already have replaced it.
      await db
        .delete(shopifySessions)
        .where(
          and(eq(shopifySessions.shopDomain, shop), eq(shopifySessions.accessToken, rejected)),
        );
    },
  };
}
