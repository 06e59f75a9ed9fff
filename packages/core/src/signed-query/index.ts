/**
 * What Shopify's `hmac` query parameter signs (the app's install and first embedded load): every
 * other parameter, sorted by name, as `name=value` joined by `&`. The signature is the
 * HMAC-SHA256 (hex) of this message with the app's client secret (node:crypto, so not here).
 * One message for the side that signs (the local Shopify) and the side that verifies (the app's
 * launch check). `params`: a query's entries (a URLSearchParams).
 * https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/authorization-code-grant#step-1-verify-the-installation-request
 */
export function signedQueryMessage(params: Iterable<readonly [string, string]>): string {
  return [...params]
    .filter(([name]) => name !== 'hmac')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}
