import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadSchema } from '../schema/load-schema';
import { requestedCost } from './cost';

const admin = loadSchema('admin');
const cost = (query: string, variables: Record<string, unknown> = {}) =>
  requestedCost(admin, parse(query), variables);

describe("requestedCost (Shopify's documented rules)", () => {
  it('charges 1 for an object and nothing for its scalars', () => {
    expect(cost('{ shop { name email currencyCode } }')).toBe(1);
    expect(cost('{ shop { name primaryDomain { url } } }')).toBe(2);
  });

  it('charges a connection 2 plus first × one item, nested connections multiplying', () => {
    const query = `{ products(first: 10) { edges { node { title
      variants(first: 5) { edges { node { price } } } } } pageInfo { hasNextPage } } }`;
    expect(cost(query)).toBe(2 + 10 * (1 + 2 + 5 * 1));
  });

  it('reads sizes from variables and counts `nodes` like `edges { node }`', () => {
    const query = 'query P($n: Int!) { products(first: $n) { nodes { id title } } }';
    expect(cost(query, { n: 25 })).toBe(2 + 25);
    expect(cost('{ collections(last: 4) { nodes { id } } }')).toBe(2 + 4);
  });

  it('charges an interface its dearest possible selection', () => {
    const query = `query N($id: ID!) { node(id: $id) {
      ... on Product { title featuredMedia { id } }
      ... on Collection { title } } }`;
    expect(cost(query, { id: 'gid://shopify/Product/1' })).toBe(1 + 1);
  });

  it('charges every mutation field 10', () => {
    expect(
      cost(`mutation { a: pageDelete(id: "gid://shopify/Page/1") { deletedPageId }
        b: pageDelete(id: "gid://shopify/Page/2") { deletedPageId } }`),
    ).toBe(20);
  });
});
