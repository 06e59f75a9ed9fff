import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      ROLE: 'all',
      PLATFORM: 'sandbox',
      DATA_DIR: './data',
      APP_URL: 'http://localhost:3000',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('lets PORT override the port and the default app URL', () => {
    const config = loadConfig({ PORT: '4100' });
    expect(config.PORT).toBe(4100);
    expect(config.APP_URL).toBe('http://localhost:4100');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['ROLE', 'scheduler'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PLATFORM', 'magento'],
    ['SUPPORT_EMAIL', 'not-an-email'],
  ])('names %s when its value %s is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}:`),
    );
  });

  it('requires real Shopify credentials in shopify mode', () => {
    expect(() => loadConfig({ PLATFORM: 'shopify' })).toThrow(/SHOPIFY_API_KEY: must be set/);
    const config = loadConfig({
      PLATFORM: 'shopify',
      SHOPIFY_API_KEY: 'key',
      SHOPIFY_API_SECRET: 'a-very-long-shopify-secret',
      APP_URL: 'https://popstage.example.com',
    });
    expect(config.PLATFORM).toBe('shopify');
  });
});
