import { API_VERSION } from '@popstage/shopify-sandbox';
import { loadSchema } from '@popstage/shopify-sandbox/testing';
import { describe, expect, it } from 'vitest';
import {
  documentsOf,
  expectAffordable,
  expectNothingDeprecated,
  expectValid,
  operationName,
} from '../../../test/shopify/documents';
import * as queries from './queries';
import { STOREFRONT_SIZES } from './storefront-catalogue';

const documents = documentsOf(queries);
const isAdmin = ({ name }: { name: string }) => name === 'STOREFRONT_TOKEN_CREATE_MUTATION';
const schemaOf = (name: string) =>
  loadSchema(isAdmin({ name }) ? 'admin' : 'storefront', API_VERSION);

/** The largest variables the adapter sends (storefront-catalogue.ts). */
const LARGEST_VARIABLES: Record<string, Record<string, unknown>> = {
  PopstageCollectionSearch: { first: STOREFRONT_SIZES.collectionSearch },
  PopstageCollectionProducts: { first: STOREFRONT_SIZES.collectionPage },
  PopstageProductSearch: { first: STOREFRONT_SIZES.productSearch },
  PopstageProductsByIds: {
    ids: Array.from({ length: STOREFRONT_SIZES.idsBatch }, (_, i) => String(i)),
  },
  PopstagePredictiveSearch: { limit: STOREFRONT_SIZES.search },
  PopstageProductsAndCollections: { first: STOREFRONT_SIZES.search },
};

describe("the branded app's catalogue documents against Shopify's published schemas", () => {
  it('cover every catalogue query of spec 03 §7, the customer check, and the token mutation', () => {
    expect(
      documents
        .filter((document) => !isAdmin(document))
        .map(({ name }) => name)
        .sort(),
    ).toEqual([
      'COLLECTION_PRODUCTS_QUERY',
      'COLLECTION_SEARCH_QUERY',
      'CUSTOMER_OF_TOKEN_QUERY',
      'MENU_QUERY',
      'ONE_PRODUCT_QUERY',
      'PREDICTIVE_SEARCH_QUERY',
      'PRODUCTS_AND_COLLECTIONS_QUERY',
      'PRODUCTS_BY_IDS_QUERY',
      'PRODUCT_SEARCH_QUERY',
    ]);
    expect(documents.filter(isAdmin)).toHaveLength(1);
  });

  it.each(documents)('$name is valid', ({ name, document }) =>
    expectValid(schemaOf(name), document),
  );

  it.each(documents)('$name uses no deprecated field or argument', ({ name, document }) =>
    expectNothingDeprecated(schemaOf(name), document),
  );

  it.each(documents)('$name costs at most 1,000 points at its largest', ({ name, document }) => {
    expectAffordable(schemaOf(name), document, LARGEST_VARIABLES[operationName(document)] ?? {});
  });

  // The spec's 250-product fetch is paged: one page of 250 would be over Shopify's limit.
  it('asks a collection for fewer products per page than would pass 1,000 points', () => {
    const collection = documents.find(({ name }) => name === 'COLLECTION_PRODUCTS_QUERY');
    if (!collection) throw new Error('no collection document');
    const schema = schemaOf(collection.name);
    expect(
      expectAffordable(schema, collection.document, { first: STOREFRONT_SIZES.collectionPage }),
    ).toBeGreaterThan(0);
    expect(() => expectAffordable(schema, collection.document, { first: 250 })).toThrow(/costs/);
  });
});
