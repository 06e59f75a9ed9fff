import { isShopDomain } from '@popstage/core/shop';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
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
  /**
   * The stored token; without one, a new exchange with the shop's latest session token while it
   * is valid (after a 401, within the same request); else a ShopifyAuthError saying the shop has
   * to open the app first.
   */
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
  // Tokens this process has read or stored: every authenticated request authorizes, and each
  // Admin API call needs the token, so the table is read once per shop, not per call. A token
  // another process replaced answers 401 here, which drops it and reads the table again.
  const known = new Map<string, string>();
  // The latest verified session token per shop, kept until it expires: it lets a request whose
  // token Shopify rejected exchange a new one at once instead of failing.
  const sessions = new Map<string, { token: string; expiresAt: number }>();

  const rememberSession = (shop: string, sessionToken: string) => {
    let exp: number | undefined;
    try {
      exp = decodeJwt(sessionToken).exp;
    } catch {
      return; // not a JWT: the exchange below refuses it
    }
    if (exp !== undefined) sessions.set(shop, { token: sessionToken, expiresAt: exp * 1000 });
  };
  const liveSession = (shop: string) => {
    const session = sessions.get(shop);
    return session && session.expiresAt > clock.now().getTime() ? session.token : null;
  };

  const stored = async (shop: string) => {
    const cached = known.get(shop);
    if (cached) return cached;
    const [row] = await db
      .select({ accessToken: shopifySessions.accessToken })
      .from(shopifySessions)
      .where(eq(shopifySessions.shopDomain, shop));
    if (row) known.set(shop, row.accessToken);
    return row?.accessToken ?? null;
  };

  const checkShop = (shop: string) => {
    // The shop becomes a URL host below: never let anything but a *.myshopify.com name through.
    if (!isShopDomain(shop)) throw new PlatformError('invalid', `Not a shop domain: ${shop}`);
  };

  const exchangeAndStore = async (shop: string, sessionToken: string) => {
    const token = await exchange(shop, sessionToken);
    // The app's clock, not the database's: uninstall compares it with the webhook's time.
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
    known.set(shop, row.accessToken);
  };

  /** One exchange per shop at a time (single-flight), and none when a token is stored. */
  const exchangeUnlessStored = async (shop: string, sessionToken: string) => {
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
  };

  return {
    async authorize(shop, sessionToken) {
      checkShop(shop);
      rememberSession(shop, sessionToken);
      return exchangeUnlessStored(shop, sessionToken);
    },

    async require(shop) {
      checkShop(shop);
      const pending = inFlight.get(shop);
      if (pending) await pending;
      const session = (await stored(shop)) === null ? liveSession(shop) : null;
      if (session) await exchangeUnlessStored(shop, session);
      const token = await stored(shop);
      if (token === null) {
        throw new ShopifyAuthError(
          `No Shopify access token for ${shop}: the merchant has to open the app once to grant it`,
        );
      }
      return token;
    },

    async drop(shop, rejected) {
      if (known.get(shop) === rejected) known.delete(shop);
      // Only the token Shopify rejected: a concurrent exchange may already have replaced it.
      await db
        .delete(shopifySessions)
        .where(
          and(eq(shopifySessions.shopDomain, shop), eq(shopifySessions.accessToken, rejected)),
        );
    },
  };
}
