import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

/** The API version the app is checked against (and the local Shopify's default). */
export const API_VERSION = '2026-10';

/** Shopify's two GraphQL APIs the app calls, by the file names @shopify/dev-mcp ships. */
export type ShopifyApi = 'admin' | 'storefront';

export const FILE_PREFIX: Record<ShopifyApi, string> = {
  admin: 'admin',
  storefront: 'storefront-graphql',
};

const cache = new Map<string, GraphQLSchema>();
const raw = new Map<string, IntrospectionQuery>();

/** The published schemas travel in @shopify/dev-mcp's dist/data as gzipped introspection JSON. */
export function dataDirectory(): string {
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
 * The introspection JSON as Shopify publishes it, kept once per process: it carries more than
 * graphql-js keeps (each type's and field's `requiredAccess`, schema/required-access.ts).
 */
export function readIntrospection(api: ShopifyApi, version: string = API_VERSION) {
  const key = `${api}@${version}`;
  const cached = raw.get(key);
  if (cached) return cached;
  const file = path.join(dataDirectory(), `${FILE_PREFIX[api]}_${version}.json.gz`);
  const json = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as {
    data: IntrospectionQuery;
  };
  raw.set(key, json.data);
  return json.data;
}

/**
 * Shopify's published schema for one API and version, built once per process (the Admin one is
 * about 3,500 types; building it takes a moment, so everything shares this copy).
 */
export function loadSchema(api: ShopifyApi, version: string = API_VERSION): GraphQLSchema {
  const key = `${api}@${version}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const schema = buildClientSchema(readIntrospection(api, version));
  cache.set(key, schema);
  return schema;
}
