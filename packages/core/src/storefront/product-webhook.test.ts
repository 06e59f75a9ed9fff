import { describe, expect, it } from 'vitest';
import { productWebhookPayloadSchema, webhookProductGid } from './product-webhook';

const product = (body: unknown) => webhookProductGid(productWebhookPayloadSchema.parse(body));

describe('products/update and products/delete payloads', () => {
  it('name the product by its GID, exactly, also beyond 2^53', () => {
    // Shopify's sample products/update: a REST Product, id as a JSON integer.
    expect(
      product({
        id: 632910392,
        admin_graphql_api_id: 'gid://shopify/Product/632910392',
        status: 'active',
        variants: [{ id: 808950810, inventory_quantity: 0 }],
      }),
    ).toBe('gid://shopify/Product/632910392');
    // products/delete carries only the id; JSON.parse loses digits past 2^53.
    expect(product({ id: 632910392 })).toBe('gid://shopify/Product/632910392');
    expect(product({ id: '788032119674292922' })).toBe('gid://shopify/Product/788032119674292922');
    expect(
      product(
        JSON.parse(
          '{"id":788032119674292922,"admin_graphql_api_id":"gid://shopify/Product/788032119674292922"}',
        ),
      ),
    ).toBe('gid://shopify/Product/788032119674292922');
  });

  it('name none when the id cannot be read exactly (the app then recounts the shop)', () => {
    expect(product(JSON.parse('{"id":788032119674292922}'))).toBeNull();
    expect(product({ shop_id: 1, title: 'No id' })).toBeNull();
    expect(product({ id: 1, admin_graphql_api_id: 'gid://shopify/Collection/1' })).toBe(
      'gid://shopify/Product/1',
    );
  });

  it('refuse an id that is not one', () => {
    for (const id of [-1, 1.5, 'abc', '0', true]) {
      expect(productWebhookPayloadSchema.safeParse({ id }).success, String(id)).toBe(false);
    }
  });
});
