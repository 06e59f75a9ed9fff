import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

/** The API version the local Shopify serves and the app is checked against. */
export const API_VERSION = '2026-10';

/** Shopify's two GraphQL APIs the app calls, by the file names Shopify ships them under. */
export type ShopifyApi = 'admin' | 'storefront';

const FILE_PREFIX: Record<ShopifyApi, string> = {
  admin: 'admin',
  storefront: 'storefront-graphql',
};

const cache = new Map<string, GraphQLSchema>();

/** Shopify's published introspection, gzipped, kept in the repository (schemas/README.md). */
const SCHEMAS = new URL('../../schemas/', import.meta.url);

/**
 * Shopify's published schema for one API and version, built once per process (the Admin one is
 * about 3,500 types; building it takes a moment, so everything shares this copy).
 */
export function loadSchema(api: ShopifyApi, version: string = API_VERSION): GraphQLSchema {
  const key = `${api}@${version}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const file = new URL(`${FILE_PREFIX[api]}_${version}.json.gz`, SCHEMAS);
  const json = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as {
    data: IntrospectionQuery;
  };
  const schema = buildClientSchema(json.data);
  cache.set(key, schema);
  return schema;
}
