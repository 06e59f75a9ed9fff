import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dataDirectory, FILE_PREFIX, type ShopifyApi } from './load-schema';

/**
 * The API versions the local Shopify serves: every one @shopify/dev-mcp ships a schema for
 * (its supported-versions-schema.json), each on its own schema.
 */
export function servedVersions(api: ShopifyApi): string[] {
  const file = path.join(dataDirectory(), 'supported-versions-schema.json');
  const listed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { name: string }[]>;
  return (listed[FILE_PREFIX[api]] ?? []).map((entry) => entry.name);
}

const STABLE = /^\d{4}-(01|04|07|10)$/;

/**
 * The version a request to `/api/<requested>/` is answered on, as Shopify does: a served one as
 * asked; an older stable one that is no longer served falls forward to the oldest served stable
 * version (the answer's X-Shopify-API-Version says which); anything else (a future version, a
 * typo) is not found: null.
 * https://shopify.dev/docs/api/usage/versioning
 */
export function resolveVersion(api: ShopifyApi, requested: string): string | null {
  const served = servedVersions(api);
  if (served.includes(requested)) return requested;
  const stable = served.filter((version) => STABLE.test(version)).sort();
  const oldest = stable[0];
  if (oldest && STABLE.test(requested) && requested < oldest) return oldest;
  return null;
}
