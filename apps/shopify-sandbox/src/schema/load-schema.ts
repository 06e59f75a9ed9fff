import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

/** The API version the local Shopify serves and the app is checked against. */
export const API_VERSION = '2026-10';

/** Shopify's two GraphQL APIs the app calls, by the file names @shopify/dev-mcp ships. */
export type ShopifyApi = 'admin' | 'storefront';

const FILE_PREFIX: Record<ShopifyApi, string> = {
  admin: 'admin',
  storefront: 'storefront-graphql',
};

const cache = new Map<string, GraphQLSchema>();

/** The published schemas travel in @shopify/dev-mcp's dist/data as gzipped introspection JSON. */
function dataDirectory(): string {
  // The package exports only its import entry, so look it up in the node_modules folders Node
  // would search rather than resolving a subpath.
  const folders = createRequire(import.meta.url).resolve.paths('@shopify/dev-mcp') ?? [];
  for (const folder of folders) {
    const data = path.join(folder, '@shopify', 'dev-mcp', 'dist', 'data');
    if (existsSync(data)) return data;
  }
  throw new Error('@shopify/dev-mcp is not installed: its dist/data holds the Shopify schemas');
}

/**
 * Shopify's published schema for one API and version, built once per process (the Admin one is
 * about 3,500 types; building it takes a moment, so everything shares this copy).
 */
export function loadSchema(api: ShopifyApi, version: string = API_VERSION): GraphQLSchema {
  const key = `${api}@${version}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const file = path.join(dataDirectory(), `${FILE_PREFIX[api]}_${version}.json.gz`);
  const json = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as {
    data: IntrospectionQuery;
  };
  const schema = buildClientSchema(json.data);
  cache.set(key, schema);
  return schema;
}
