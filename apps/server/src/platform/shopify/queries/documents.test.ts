import { MAX_QUERY_COST, requestedCost } from '@popstage/shopify-sandbox/graphql/cost';
import { API_VERSION, loadSchema } from '@popstage/shopify-sandbox/schema/load-schema';
import { type DocumentNode, Kind, NoDeprecatedCustomRule, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import * as appMetafields from './app-metafields';
import * as billing from './billing';
import * as channels from './channels';
import * as collections from './collections';
import * as menus from './menus';
import * as orders from './orders';
import * as pages from './pages';
import * as products from './products';
import * as publications from './publications';
import * as shop from './shop';
import * as themes from './themes';

/** Every GraphQL document the adapter sends: the modules' exported strings that parse as one. */
const BUILT = {
  PUBLISH_PRODUCTS_MUTATION: publications.publishProductsMutation(publications.PUBLISH_BATCH_SIZE),
};

const DOCUMENTS = Object.entries({
  ...BUILT,
  ...appMetafields,
  ...billing,
  ...channels,
  ...collections,
  ...menus,
  ...orders,
  ...pages,
  ...products,
  ...publications,
  ...shop,
  ...themes,
}).flatMap(([name, value]) => {
  if (typeof value !== 'string' || !/^\s*(query|mutation)\s/.test(value)) return [];
  return [{ name, document: parse(value) }];
});

/** The largest page size the adapter asks for (shopify-platform.ts MAX_PAGE_SIZE). */
const LARGEST_VARIABLES: Record<string, Record<string, unknown>> = {
  PopstageProducts: { first: products.PRODUCT_PAGE_MAX },
  PopstageCollections: { first: 250 },
  PopstagePublishCandidates: { first: 250 },
  PopstagePublishCandidatesById: { ids: Array.from({ length: 50 }, (_, i) => String(i)) },
};

const operationName = (document: DocumentNode) =>
  document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION)?.name
    ?.value ?? '';

describe("the adapter's GraphQL documents against Shopify's published Admin schema", () => {
  const schema = loadSchema('admin', API_VERSION);

  it('target the API version the app is configured for', () => {
    expect(loadConfig({}).SHOPIFY_API_VERSION).toBe(API_VERSION);
    expect(DOCUMENTS.length).toBeGreaterThanOrEqual(15);
  });

  it.each(DOCUMENTS)('$name is valid', ({ document }) => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });

  // A deprecated field works until Shopify removes it in a later version: moving versions stays a
  // config change only if nothing deprecated is used.
  it.each(DOCUMENTS)('$name uses no deprecated field or argument', ({ document }) => {
    const deprecated = validate(schema, document, [NoDeprecatedCustomRule]);
    expect(deprecated.map((error) => error.message)).toEqual([]);
  });

  it.each(DOCUMENTS)('$name costs at most 1,000 points at its largest', ({ document }) => {
    const name = operationName(document);
    const cost = requestedCost(schema, document, LARGEST_VARIABLES[name] ?? {});
    expect(cost, `${name} costs ${cost}`).toBeLessThanOrEqual(MAX_QUERY_COST);
  });
});
