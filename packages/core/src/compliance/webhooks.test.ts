import { describe, expect, it } from 'vitest';
import {
  appUninstalledPayloadSchema,
  customersDataRequestPayloadSchema,
  customersRedactPayloadSchema,
  shopRedactPayloadSchema,
} from './webhooks';

// Shopify's sample payloads (privacy law compliance docs), ids as JSON integers.
const customer = { id: 191167, email: 'john@example.com', phone: '555-625-1199' };

describe('compliance webhook payloads', () => {
  it('reads customers/redact order ids as text, whatever JSON type they arrive as', () => {
    const parsed = customersRedactPayloadSchema.parse({
      shop_id: 954889,
      shop_domain: 'Demo-Store.myshopify.com ',
      customer,
      orders_to_redact: [299938, '280263'],
    });
    expect(parsed).toMatchObject({
      shop_id: '954889',
      shop_domain: 'demo-store.myshopify.com',
      orders_to_redact: ['299938', '280263'],
    });
  });

  it('reads customers/data_request with its request id; a missing order list is empty', () => {
    const parsed = customersDataRequestPayloadSchema.parse({
      shop_id: 954889,
      shop_domain: 'demo-store.myshopify.com',
      customer: { email: 'john@example.com' },
      data_request: { id: 9999 },
    });
    expect(parsed.orders_requested).toEqual([]);
    expect(parsed.data_request?.id).toBe('9999');
  });

  it('refuses ids JSON could not hold exactly, and payloads without the shop', () => {
    expect(
      customersRedactPayloadSchema.safeParse({
        shop_id: 1,
        shop_domain: 'demo-store.myshopify.com',
        customer,
        orders_to_redact: [2 ** 60],
      }).success,
    ).toBe(false);
    expect(shopRedactPayloadSchema.safeParse({ shop_id: 954889 }).success).toBe(false);
    expect(
      shopRedactPayloadSchema.parse({ shop_id: 954889, shop_domain: 'demo-store.myshopify.com' }),
    ).toEqual({ shop_id: '954889', shop_domain: 'demo-store.myshopify.com' });
  });

  it('takes app/uninstalled with or without the shop domain', () => {
    expect(appUninstalledPayloadSchema.parse({ id: 1, name: 'Demo' })).toMatchObject({ id: 1 });
    expect(
      appUninstalledPayloadSchema.parse({ myshopify_domain: 'Demo-Store.myshopify.com' })
        .myshopify_domain,
    ).toBe('demo-store.myshopify.com');
  });
});
