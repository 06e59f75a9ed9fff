import { isShopDomain } from '@popstage/core/shop';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { TokenCipher } from '../../auth/token-cipher';
import type { Db } from '../../db/client';
import { shopifySessions } from '../../db/schema';
import type { Clock } from '../clock';
import { PlatformError } from '../errors';
import { ShopifyAuthError } from './errors';
import type { ExchangedToken } from './token-exchange';

/**
 * Expiring offline access tokens per shop, stored encrypted in `shopify_sessions` so every
 * process (web or worker) shares them. A token is refreshed with its refresh token once it is
 * within REFRESH_MARGIN_MS of expiring, and after Shopify rejects it; without a usable refresh
 * token, a new exchange needs the shop's live session token. Exchanges and refreshes are
 * single-flight per shop in a process; across processes the upsert keeps whichever lands last
 * (a refresh token is used up by its first use, so a process that loses the race gets a refusal
 * and reads the row the winner stored).
 */
export interface AccessTokens {
  /** Exchanges the session token unless a usable token is stored for the shop. */
  authorize(shop: string, sessionToken: string): Promise<void>;
  /**
   * A usable token: the stored one, refreshed when about to expire; without one, a new exchange
   * with the shop's latest session token while it is valid; else a ShopifyAuthError saying the
   * merchant has to open the app.
   */
  require(shop: string): Promise<string>;
  /** Shopify rejected the token: renew it with the refresh token, or forget it. */
  drop(shop: string, rejected: string): Promise<void>;
  /**
   * Like require, but never exchanges a session token (an exchange would reinstall the app where
   * the platform allows it): the stored token, refreshed when about to expire, or a
   * ShopifyAuthError.
   */
  requireStored(shop: string): Promise<string>;
}

export interface TokenGrants {
  exchange(shop: string, sessionToken: string, now: Date): Promise<ExchangedToken>;
  refresh(shop: string, refreshToken: string, now: Date): Promise<ExchangedToken>;
}

/** Refresh this long before expiry, so no call goes out with a token about to lapse. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** While a shop lacks scopes the app asks for, a merchant's open exchanges again this often. */
export const SCOPE_RECHECK_MS = 10 * 60 * 1000;

/** Whether `granted` (Shopify's comma-separated answer) covers `required`; write_x covers read_x. */
export function scopesCover(granted: string, required: readonly string[]): boolean {
  const have = new Set(granted.split(',').map((scope) => scope.trim()));
  return required.every(
    (scope) =>
      have.has(scope) || (scope.startsWith('read_') && have.has(`write_${scope.slice(5)}`)),
  );
}

interface Known {
  accessToken: string;
  scope: string;
  expiresAt: Date | null;
  refreshToken: string | null;
  refreshExpiresAt: Date | null;
  /** The row's stored (encrypted) access token, to delete exactly that row. */
  stored: string;
}

export function createAccessTokens(
  db: Db,
  grants: TokenGrants,
  clock: Clock,
  cipher: TokenCipher,
  /** The scopes shopify.app.toml asks for: a token granted fewer is exchanged again. */
  requiredScopes: readonly string[] = [],
): AccessTokens {
  const inFlight = new Map<string, Promise<void>>();
  // Tokens this process has read or stored: every authenticated request authorizes, and each
  // Admin API call needs the token, so the table is read once per shop, not per call.
  const known = new Map<string, Known>();
  // The latest verified session token per shop, kept until it expires: it lets a request whose
  // token cannot be refreshed exchange a new one at once instead of failing.
  const sessions = new Map<string, { token: string; expiresAt: number }>();
  const now = () => clock.now();
  const scopeChecked = new Map<string, number>();
  // A token granted fewer scopes than the app asks for (the toml changed since): a merchant's
  // open exchanges again, which Shopify answers with what the merchant has approved by then.
  const wantsScopes = (shop: string, token: Known) => {
    if (scopesCover(token.scope, requiredScopes)) return false;
    const last = scopeChecked.get(shop) ?? 0;
    return now().getTime() - last >= SCOPE_RECHECK_MS;
  };

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
    return session && session.expiresAt > now().getTime() ? session.token : null;
  };

  const usable = (token: Known) =>
    token.expiresAt === null || token.expiresAt.getTime() - now().getTime() > REFRESH_MARGIN_MS;
  const refreshable = (token: Known): token is Known & { refreshToken: string } =>
    token.refreshToken !== null &&
    (token.refreshExpiresAt === null || token.refreshExpiresAt > now());

  const stored = async (shop: string): Promise<Known | null> => {
    const cached = known.get(shop);
    if (cached) return cached;
    const [row] = await db
      .select()
      .from(shopifySessions)
      .where(eq(shopifySessions.shopDomain, shop));
    if (!row) return null;
    const token: Known = {
      accessToken: cipher.decrypt(row.accessToken),
      scope: row.scope,
      expiresAt: row.expiresAt,
      refreshToken: row.refreshToken === null ? null : cipher.decrypt(row.refreshToken),
      refreshExpiresAt: row.refreshExpiresAt,
      stored: row.accessToken,
    };
    known.set(shop, token);
    return token;
  };

  const checkShop = (shop: string) => {
    // The shop becomes a URL host below: never let anything but a *.myshopify.com name through.
    if (!isShopDomain(shop)) throw new PlatformError('invalid', `Not a shop domain: ${shop}`);
  };

  const save = async (shop: string, token: ExchangedToken) => {
    // The app's clock, not the database's: uninstall compares it with the webhook's time.
    const row = {
      shopDomain: shop,
      accessToken: cipher.encrypt(token.accessToken),
      scope: token.scope,
      expiresAt: token.expiresAt,
      refreshToken: token.refreshToken === null ? null : cipher.encrypt(token.refreshToken),
      refreshExpiresAt: token.refreshExpiresAt,
      createdAt: now(),
    };
    const { shopDomain: _, ...update } = row;
    await db
      .insert(shopifySessions)
      .values(row)
      .onConflictDoUpdate({ target: shopifySessions.shopDomain, set: update });
    known.set(shop, { ...token, stored: row.accessToken });
  };

  const forget = async (shop: string, token: Known) => {
    if (known.get(shop)?.stored === token.stored) known.delete(shop);
    // Only that row: a concurrent exchange may already have replaced it.
    await db
      .delete(shopifySessions)
      .where(
        and(eq(shopifySessions.shopDomain, shop), eq(shopifySessions.accessToken, token.stored)),
      );
  };

  /** Renews with the refresh token; false when Shopify refuses it (used up, revoked, expired). */
  const refreshed = async (shop: string, token: Known & { refreshToken: string }) => {
    try {
      await save(shop, await grants.refresh(shop, token.refreshToken, now()));
      return true;
    } catch (error) {
      if (!(error instanceof ShopifyAuthError)) throw error;
      // Another process may have used the refresh token first and stored the new pair.
      known.delete(shop);
      const current = await stored(shop);
      if (current && current.stored !== token.stored) return true;
      await forget(shop, token);
      return false;
    }
  };

  /** Brings the shop's token up to date, one flight per shop at a time. */
  const renew = (shop: string, sessionToken: string | null): Promise<void> => {
    const pending = inFlight.get(shop);
    if (pending) return pending;
    const flight = (async () => {
      const token = await stored(shop);
      if (token && usable(token) && !(sessionToken && wantsScopes(shop, token))) return;
      if (token && usable(token) && sessionToken) {
        scopeChecked.set(shop, now().getTime());
        await save(shop, await grants.exchange(shop, sessionToken, now()));
        return;
      }
      if (token && refreshable(token) && (await refreshed(shop, token))) return;
      if (sessionToken) await save(shop, await grants.exchange(shop, sessionToken, now()));
    })().finally(() => inFlight.delete(shop));
    inFlight.set(shop, flight);
    return flight;
  };

  return {
    async authorize(shop, sessionToken) {
      checkShop(shop);
      rememberSession(shop, sessionToken);
      const token = await stored(shop);
      if (token && usable(token) && !wantsScopes(shop, token) && !inFlight.has(shop)) return;
      return renew(shop, sessionToken);
    },

    async require(shop) {
      checkShop(shop);
      await inFlight.get(shop);
      let token = await stored(shop);
      if (!token || !usable(token)) {
        await renew(shop, liveSession(shop));
        token = await stored(shop);
      }
      if (!token || !usable(token)) {
        throw new ShopifyAuthError(
          `No Shopify access token for ${shop}: the merchant has to open the app once to grant it`,
        );
      }
      return token.accessToken;
    },

    async requireStored(shop) {
      checkShop(shop);
      await inFlight.get(shop);
      let token = await stored(shop);
      if (token && !usable(token)) {
        await renew(shop, null);
        token = await stored(shop);
      }
      if (!token || !usable(token)) throw new ShopifyAuthError(`No stored token for ${shop}`);
      return token.accessToken;
    },

    async drop(shop, rejected) {
      await inFlight.get(shop);
      const token = await stored(shop);
      if (!token || token.accessToken !== rejected) return; // already replaced
      if (refreshable(token) && (await refreshed(shop, token))) return;
      await forget(shop, token);
    },
  };
}
