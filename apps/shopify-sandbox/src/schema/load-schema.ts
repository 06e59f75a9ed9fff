import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

/** The API version the app is checked against (and the local Shopify's default). */
export const API_VERSION = '2026-10';

/** Shopify's two GraphQL APIs the app calls, by the file names Shopify ships them under. */
export type ShopifyApi = 'admin' | 'storefront';

export const FILE_PREFIX: Record<ShopifyApi, string> = {
  admin: 'admin',
  storefront: 'storefront-graphql',
};

const cache = new Map<string, GraphQLSchema>();
const raw = new Map<string, IntrospectionQuery>();

/**
 * Shopify's published introspections (every Admin and Storefront version @shopify/dev-mcp ships,
 * gzipped, with its supported-versions-schema.json) kept in the repository: schemas/README.md.
 */
export function dataDirectory(): string {
  return fileURLToPath(new URL('../../schemas/', import.meta.url));
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
