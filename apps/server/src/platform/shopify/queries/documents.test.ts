import { readFileSync } from 'node:fs';
import { API_VERSION } from '@popstage/shopify-sandbox';
import { loadSchema } from '@popstage/shopify-sandbox/testing';
import { Kind, parse, visit } from 'graphql';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import {
  documentsOf,
  expectAffordable,
  expectNothingDeprecated,
  expectValid,
  operationName,
  unboundPageSizes,
} from '../../../test/shopify/documents';
import * as appMetafields from './app-metafields';
import * as billing from './billing';
import * as channels from './channels';
import * as collections from './collections';
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

const DOCUMENTS = documentsOf({
  ...BUILT,
  ...appMetafields,
  ...billing,
  ...channels,
  ...collections,
  ...orders,
  ...pages,
  ...products,
  ...publications,
  ...shop,
  ...themes,
});

/** The largest page size the adapter asks for (shopify-platform.ts MAX_PAGE_SIZE). */
const LARGEST_VARIABLES: Record<string, Record<string, unknown>> = {
  PopstageProducts: { first: products.PRODUCT_PAGE_MAX },
  PopstageCollections: { first: 250 },
  PopstagePublishCandidates: { first: 250 },
  PopstagePublishCandidatesById: { ids: Array.from({ length: 50 }, (_, i) => String(i)) },
};

const TOML = new URL('../../../../../../shopify.app.toml', import.meta.url);

describe("the adapter's GraphQL documents against Shopify's published Admin schema", () => {
  const schema = loadSchema('admin', API_VERSION);

  // One version everywhere: the config's default (Admin and Storefront calls), the webhooks'
  // version in shopify.app.toml, and the schemas the local Shopify serves and this test checks.
  it('target the API version the app is configured for, everywhere it is named', () => {
    const toml = parseToml(readFileSync(TOML, 'utf8')) as { webhooks?: { api_version?: string } };
    expect(loadConfig({}).SHOPIFY_API_VERSION).toBe(API_VERSION);
    expect(toml.webhooks?.api_version).toBe(API_VERSION);
    expect(DOCUMENTS.length).toBeGreaterThanOrEqual(15);
  });

  it.each(DOCUMENTS)('$name is valid', ({ document }) => expectValid(schema, document));

  // A deprecated field works until Shopify removes it in a later version: moving versions stays a
  // config change only if nothing deprecated is used.
  it.each(DOCUMENTS)('$name uses no deprecated field or argument', ({ document }) =>
    expectNothingDeprecated(schema, document),
  );

  it.each(DOCUMENTS)('$name costs at most 1,000 points at its largest', ({ document }) => {
    expectAffordable(schema, document, LARGEST_VARIABLES[operationName(document)] ?? {});
  });

  // Issue 13 point 5: only the fields the app reads (PlatformProduct's readers), nothing else.
  it("asks for a product's fields the app reads and no others", () => {
    const fragment = parse(products.PRODUCTS_QUERY).definitions.find(
      (definition) => definition.kind === Kind.FRAGMENT_DEFINITION,
    );
    const paths: string[] = [];
    visit(fragment ?? parse('{a}'), {
      Field: {
        enter(field, _key, _parent, _path, ancestors) {
          if (field.selectionSet) return;
          const names = ancestors.flatMap((node) =>
            !Array.isArray(node) && (node as { kind?: string }).kind === Kind.FIELD
              ? [(node as { name: { value: string } }).name.value]
              : [],
          );
          paths.push([...names, field.name.value].join('.'));
        },
      },
    });
    expect(paths.sort()).toEqual([
      'createdAt',
      'description',
      'featuredMedia.image.altText',
      'featuredMedia.image.url',
      'handle',
      'id',
      'priceRangeV2.minVariantPrice.amount',
      'priceRangeV2.minVariantPrice.currencyCode',
      'status',
      'title',
      'variants.nodes.availableForSale',
      'variants.nodes.id',
      'variants.nodes.price',
    ]);
  });

  it('refuses a page size left to a variable the check was not given', () => {
    const document = parse(
      'query P($first: Int!, $n: Int = 5) { a(first: $first) { b(last: $n) } }',
    );
    expect(unboundPageSizes(document, {})).toEqual(['a(first: $first)']);
    expect(unboundPageSizes(document, { first: 10 })).toEqual([]);
    const products = DOCUMENTS.find(({ name }) => name === 'PRODUCTS_QUERY');
    expect(unboundPageSizes(products?.document ?? parse('{a}'), {})).toEqual([
      'products(first: $first)',
    ]);
  });
});
