/**
 * Shopify's search syntax as the Admin API's `query` arguments take it: `key:value` filters
 * (values may be quoted) and free-text terms (quoted words match literally).
 * https://shopify.dev/docs/api/usage/search-syntax
 */
export interface SearchQuery {
  filters: Map<string, string>;
  terms: string[];
}

const TOKEN = /(?:([a-z_]+):)?(?:"((?:[^"\\]|\\.)*)"|(\S+))/g;

export function parseSearch(query: string | null | undefined): SearchQuery {
  const filters = new Map<string, string>();
  const terms: string[] = [];
  for (const match of (query ?? '').matchAll(TOKEN)) {
    const [, key, quoted, bare] = match;
    const value = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : (bare ?? '');
    if (key) filters.set(key, value);
    else if (value) terms.push(value);
  }
  return { filters, terms };
}
