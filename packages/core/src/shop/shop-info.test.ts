import { describe, expect, it } from 'vitest';
import { isShopDomain } from './domain';
import { shopInfoBodySchema } from './shop-info';

describe('shop-info bodies', () => {
  it('reads a known key with its value as that key’s schema reads it', () => {
    expect(shopInfoBodySchema.parse({ key: 'skippedFirstPopclipsCreation', value: true })).toEqual({
      key: 'skippedFirstPopclipsCreation',
      value: true,
    });
  });

  it('refuses an unknown key, and a value of the wrong kind with the value’s own message', () => {
    const unknown = shopInfoBodySchema.safeParse({ key: 'isAdmin', value: true });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.message).toBe('Unknown shop-info key');
    const wrong = shopInfoBodySchema.safeParse({
      key: 'skippedFirstPopclipsCreation',
      value: 'yes',
    });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues).toHaveLength(1);
    expect(wrong.error?.issues[0]?.path).toEqual(['value']);
    expect(wrong.error?.issues[0]?.message).toMatch(/boolean/);
  });
});

describe('shop domains', () => {
  it('are Shopify permanent domains only', () => {
    expect(isShopDomain('demo-store.myshopify.com')).toBe(true);
    expect(isShopDomain('0shop.myshopify.com')).toBe(true);
    for (const value of [
      '',
      '-shop.myshopify.com',
      'Demo.myshopify.com',
      'demo.myshopify.com.evil.example',
      'evil.example/demo.myshopify.com',
      'demo_store.myshopify.com',
      'myshopify.com',
    ]) {
      expect(isShopDomain(value)).toBe(false);
    }
  });
});
