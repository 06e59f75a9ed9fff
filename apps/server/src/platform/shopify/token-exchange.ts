import { ShopifyAuthError } from './errors';

/**
 * Shopify token exchange: an App Bridge session token (ID token) in, an expiring offline access
 * token out (an hour, with a 90-day refresh token), and the refresh grant that renews the pair.
 * https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/token-exchange
 * https://shopify.dev/docs/apps/build/authentication-authorization/access-token-types/offline-access-tokens
 */

export const TOKEN_EXCHANGE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
export const OFFLINE_ACCESS_TOKEN_TYPE = 'urn:shopify:params:oauth:token-type:offline-access-token';

export interface TokenExchangeOptions {
  apiKey: string;
  apiSecret: string;
  adminOrigin: (shop: string) => string;
  fetch: typeof fetch;
}

export interface ExchangedToken {
  accessToken: string;
  scope: string;
  /** Null for a non-expiring token. */
  expiresAt: Date | null;
  refreshToken: string | null;
  refreshExpiresAt: Date | null;
}

export function exchangeSessionToken(
  options: TokenExchangeOptions,
  shop: string,
  sessionToken: string,
  now: Date,
): Promise<ExchangedToken> {
  return requestToken(options, shop, now, {
    grant_type: TOKEN_EXCHANGE_GRANT_TYPE,
    subject_token: sessionToken,
    subject_token_type: ID_TOKEN_TYPE,
    requested_token_type: OFFLINE_ACCESS_TOKEN_TYPE,
    expiring: '1',
  });
}

/** The refresh grant: a new access token and a new refresh token (the old one is used up). */
export function refreshAccessToken(
  options: TokenExchangeOptions,
  shop: string,
  refreshToken: string,
  now: Date,
): Promise<ExchangedToken> {
  return requestToken(options, shop, now, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });
}

async function requestToken(
  options: TokenExchangeOptions,
  shop: string,
  now: Date,
  grant: Record<string, string>,
): Promise<ExchangedToken> {
  const response = await options.fetch(`${options.adminOrigin(shop)}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ client_id: options.apiKey, client_secret: options.apiSecret, ...grant }),
  });
  if (!response.ok) {
    // Shopify answers 400 for an expired or otherwise invalid session or refresh token, and
    // 401/403 when the app is not installed or the credentials are wrong; none is retryable as is.
    const detail = await response.text().catch(() => '');
    if (response.status < 500) {
      throw new ShopifyAuthError(
        `Shopify refused the token exchange for ${shop} (${response.status})${detail ? `: ${detail.slice(0, 200)}` : ''}`,
      );
    }
    throw new Error(`Shopify token exchange for ${shop} failed with ${response.status}`);
  }
  const body = (await response.json()) as Record<string, unknown>;
  if (typeof body.access_token !== 'string' || body.access_token === '') {
    throw new Error(`Shopify token exchange for ${shop} answered without an access_token`);
  }
  const after = (seconds: unknown) =>
    typeof seconds === 'number' ? new Date(now.getTime() + seconds * 1000) : null;
  return {
    accessToken: body.access_token,
    scope: typeof body.scope === 'string' ? body.scope : '',
    expiresAt: after(body.expires_in),
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    refreshExpiresAt: after(body.refresh_token_expires_in),
  };
}
