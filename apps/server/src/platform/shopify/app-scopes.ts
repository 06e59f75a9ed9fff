import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

/**
 * The scopes shopify.app.toml asks for (what `shopify app deploy` sends Shopify): a stored token
 * granted fewer is exchanged again at the merchant's next open (access-tokens.ts).
 */
export function readAppScopes(
  file: URL = new URL('../../../../../shopify.app.toml', import.meta.url),
): string[] {
  const toml = parse(readFileSync(file, 'utf8')) as { access_scopes?: { scopes?: string } };
  return (toml.access_scopes?.scopes ?? '')
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
}
