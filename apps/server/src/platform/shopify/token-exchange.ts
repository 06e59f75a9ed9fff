import { ShopifyAuthError } from './errors';

/**
 * Shopify token exchange: an App Bridge session token (ID token) in, an offline access token out.
 * https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/token-exchange
 * We ask for a non-expiring offline token (no `expiring` flag), as @shopify/shopify-api does
 * by default; expiring tokens would need a refresh flow this adapter does not have yet.
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
}

export async function exchangeSessionToken(
  options: TokenExchangeOptions,
  shop: string,
  sessionToken: string,
): Promise<ExchangedToken> {
  const response = await options.fetch(`${options.adminOrigin(shop)}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      client_id: options.apiKey,
      client_secret: options.apiSecret,
      grant_type: TOKEN_EXCHANGE_GRANT_TYPE,
      subject_token: sessionToken,
      subject_token_type: ID_TOKEN_TYPE,
      requested_token_type: OFFLINE_ACCESS_TOKEN_TYPE,
    }),
  });
  if (!response.ok) {
    // Shopify answers 400 for an expired or otherwise invalid session token (documented), and
    // 401/403 when the app is not installed or the credentials are wrong; none is retryable as is.
    const detail = await response.text().catch(() => '');
    if (response.status < 500) {
      throw new ShopifyAuthError(
        `Shopify refused the token exchange for ${shop} (${response.status})${detail ? `: ${detail.slice(0, 200)}` : ''}`,
      );
    }
    throw new Error(`Shopify token exchange for ${shop} failed with ${response.status}`);
  }
  const body = (await response.json()) as { access_token?: unknown; scope?: unknown };
  if (typeof body.access_token !== 'string' || body.access_token === '') {
    throw new Error(`Shopify token exchange for ${shop} answered without an access_token`);
  }
  return {
    accessToken: body.access_token,
    scope: typeof body.scope === 'string' ? body.scope : '',
  };
}
