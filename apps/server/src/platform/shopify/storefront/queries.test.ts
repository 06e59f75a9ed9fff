import { API_VERSION, loadSchema } from '@popstage/shopify-sandbox/schema/load-schema';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as queries from './queries';

const documents = Object.entries(queries).map(([name, document]) => ({
  name,
  document: parse(document),
}));
const storefrontDocuments = documents.filter(
  ({ name }) => name !== 'STOREFRONT_TOKEN_CREATE_MUTATION',
);
const adminDocuments = documents.filter(({ name }) => name === 'STOREFRONT_TOKEN_CREATE_MUTATION');

describe("the branded app's catalogue documents against Shopify's published schemas", () => {
  it('cover every catalogue query of spec 03 §7', () => {
    expect(storefrontDocuments.map(({ name }) => name).sort()).toEqual([
      'COLLECTION_PRODUCTS_QUERY',
      'COLLECTION_SEARCH_QUERY',
      'MENU_QUERY',
      'ONE_PRODUCT_QUERY',
      'PREDICTIVE_SEARCH_QUERY',
      'PRODUCTS_AND_COLLECTIONS_QUERY',
      'PRODUCTS_BY_IDS_QUERY',
      'PRODUCT_SEARCH_QUERY',
    ]);
  });

  it.each(storefrontDocuments)('$name is valid on the Storefront API', ({ document }) => {
    const schema = loadSchema('storefront', API_VERSION);
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });

  it.each(adminDocuments)('$name is valid on the Admin API', ({ document }) => {
    const schema = loadSchema('admin', API_VERSION);
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });
});
