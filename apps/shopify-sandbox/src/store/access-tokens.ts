import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { StoreDb } from './database';
import { sandboxAccessTokens as tokens } from './schema';

/** Shopify's expiring offline tokens: one hour of access, 90 days to refresh. */
export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_SECONDS = 90 * 24 * 60 * 60;
/** How long a used refresh token may be retried while its replacement is unused. */
export const REFRESH_RETRY_SECONDS = 30 * 24 * 60 * 60;

export interface IssuedToken {
  access_token: string;
  scope: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

const secret = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

export function createAccessTokens(db: StoreDb, now: () => Date) {
  const seconds = (value: number) => new Date(now().getTime() + value * 1000);

  async function issue(
    shop: string,
    scope: string,
    expiring: boolean,
    /** The refresh token this pair replaces (the refresh grant). */
    replaces: string | null = null,
  ): Promise<IssuedToken> {
    const token = secret('shpat_');
    const refreshToken = expiring ? secret('shprt_') : null;
    await db.insert(tokens).values({
      token,
      shopDomain: shop,
      scope,
      expiresAt: expiring ? seconds(ACCESS_TOKEN_SECONDS) : null,
      refreshToken,
      refreshExpiresAt: expiring ? seconds(REFRESH_TOKEN_SECONDS) : null,
      replaces,
      createdAt: now(),
    });
    if (!refreshToken) return { access_token: token, scope };
    return {
      access_token: token,
      scope,
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: refreshToken,
      refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
    };
  }

  /** The scopes a live access token of the shop carries; null for any other token. */
  async function grantedScopes(shop: string, token: string): Promise<string[] | null> {
    const [row] = await db
      .select({ scope: tokens.scope })
      .from(tokens)
      .where(
        and(
          eq(tokens.token, token),
          eq(tokens.shopDomain, shop),
          or(isNull(tokens.expiresAt), gt(tokens.expiresAt, now())),
        ),
      );
    return row ? row.scope.split(',').filter(Boolean) : null;
  }

  return {
    issue,
    grantedScopes,

    /** Whether a live access token belongs to the shop (not unknown, expired or another shop's). */
    async verify(shop: string, token: string): Promise<boolean> {
      return (await grantedScopes(shop, token)) !== null;
    },

    /**
     * What the merchant granted the installed app on the shop, on every token it holds: narrower
     * than the app's configuration after revoking scopes (`appRevokeAccessScopes`, the control
     * page's scope section), the configuration's again once approved.
     */
    async setGrantedScopes(shop: string, scopes: readonly string[]): Promise<void> {
      await db
        .update(tokens)
        .set({ scope: scopes.join(',') })
        .where(eq(tokens.shopDomain, shop));
    },

    /** The scopes the app holds on the shop (its newest token's); null when not installed. */
    async shopScopes(shop: string): Promise<string[] | null> {
      const [row] = await db
        .select({ scope: tokens.scope })
        .from(tokens)
        .where(eq(tokens.shopDomain, shop))
        .orderBy(desc(tokens.createdAt))
        .limit(1);
      return row ? row.scope.split(',').filter(Boolean) : null;
    },

    /**
     * The refresh grant, rotating as Shopify documents it: a live refresh token gets a new pair.
     * The used one may be retried (a lost answer, a failed save) until the app uses its
     * replacement, for at most 30 days from its first use and never past its own 90 days; using
     * the replacement retires it. https://shopify.dev/changelog/more-resilient-refreshes-for-expiring-offline-access-tokens
     */
    async refresh(shop: string, refreshToken: string): Promise<IssuedToken | null> {
      const at = now();
      const [row] = await db
        .select()
        .from(tokens)
        .where(
          and(
            eq(tokens.refreshToken, refreshToken),
            eq(tokens.shopDomain, shop),
            gt(tokens.refreshExpiresAt, at),
          ),
        );
      if (!row) return null;
      if (row.refreshUsedAt) {
        const retryUntil = row.refreshUsedAt.getTime() + REFRESH_RETRY_SECONDS * 1000;
        if (at.getTime() > retryUntil) return null;
      }
      const issued = await issue(shop, row.scope, true, refreshToken);
      if (!row.refreshUsedAt) {
        await db.update(tokens).set({ refreshUsedAt: at }).where(eq(tokens.token, row.token));
      }
      // Using a replacement retires the refresh token it replaced.
      if (row.replaces) {
        await db
          .update(tokens)
          .set({ refreshToken: null, refreshExpiresAt: null })
          .where(and(eq(tokens.shopDomain, shop), eq(tokens.refreshToken, row.replaces)));
      }
      return issued;
    },

    /** The app is installed on the shop: it holds a token (exchanged, not revoked since). */
    async installed(shop: string): Promise<boolean> {
      const [row] = await db
        .select({ token: tokens.token })
        .from(tokens)
        .where(eq(tokens.shopDomain, shop))
        .limit(1);
      return row !== undefined;
    },

    /** Uninstall: every token of the shop stops working. */
    async revokeAll(shop: string): Promise<void> {
      await db.delete(tokens).where(eq(tokens.shopDomain, shop));
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
