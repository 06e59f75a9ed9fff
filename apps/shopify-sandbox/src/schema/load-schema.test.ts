import { describe, expect, it } from 'vitest';
import { API_VERSION, loadSchema } from './load-schema';

describe('loadSchema', () => {
  it("builds Shopify's Admin schema of the served version", () => {
    const schema = loadSchema('admin');
    expect(API_VERSION).toBe('2026-10');
    expect(schema.getQueryType()?.name).toBe('QueryRoot');
    expect(schema.getMutationType()?.getFields().appSubscriptionCreate).toBeDefined();
    expect(loadSchema('admin')).toBe(schema);
  });

  it("builds Shopify's Storefront schema", () => {
    const schema = loadSchema('storefront');
    expect(schema.getQueryType()?.getFields().products).toBeDefined();
    expect(schema.getType('Cart')).toBeDefined();
  });
});
