import { readIntrospection, type ShopifyApi } from './load-schema';

/**
 * The access scopes Shopify's published schema says each type and field needs: the introspection
 * carries a `requiredAccess` text per type and field ("`read_products` access scope or
 * `read_publications` access scope. Also: …"). Any one of the scopes it names suffices; what
 * follows "Also:" is about staff permissions, which an app token does not have to show. Texts that
 * name no scope in backticks (metafieldsSet's "the same access level needed to mutate the
 * owner") are not enforced.
 */
export interface ScopeRule {
  /** Any one of these grants access. */
  anyOf: string[];
  /** Shopify's words, as its ACCESS_DENIED error repeats them. */
  text: string;
}

export interface RequiredAccess {
  /** By type name: what reading an object of the type needs. */
  types: Map<string, ScopeRule>;
  /** By `Type.field`. */
  fields: Map<string, ScopeRule>;
}

interface RawType {
  name: string;
  requiredAccess?: string | null;
  fields?: { name: string; requiredAccess?: string | null }[] | null;
}

export function parseScopeRule(text: string | null | undefined): ScopeRule | null {
  if (!text) return null;
  const main = text.split(/\bAlso:/)[0] ?? '';
  const anyOf = [...main.matchAll(/`([a-z_]+)`/g)].map((match) => match[1] as string);
  if (anyOf.length === 0 || / and \(/.test(main)) return null;
  return { anyOf, text: main.trim() };
}

const cache = new Map<string, RequiredAccess>();

export function requiredAccess(api: ShopifyApi, version: string): RequiredAccess {
  const key = `${api}@${version}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const result: RequiredAccess = { types: new Map(), fields: new Map() };
  for (const type of readIntrospection(api, version).__schema.types as unknown as RawType[]) {
    const rule = parseScopeRule(type.requiredAccess);
    if (rule) result.types.set(type.name, rule);
    for (const field of type.fields ?? []) {
      const fieldRule = parseScopeRule(field.requiredAccess);
      if (fieldRule) result.fields.set(`${type.name}.${field.name}`, fieldRule);
    }
  }
  cache.set(key, result);
  return result;
}

/**
 * Whether granted scopes satisfy a rule. Shopify: a `write_` scope includes its `read_` scope.
 * https://shopify.dev/docs/api/usage/access-scopes
 */
export function grants(granted: ReadonlySet<string>, rule: ScopeRule): boolean {
  return rule.anyOf.some(
    (scope) => granted.has(scope) || granted.has(scope.replace(/^read_/, 'write_')),
  );
}
