import { describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_SHOP, resolveSandboxShop } from './sandbox-shop';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('resolveSandboxShop', () => {
  it('defaults to the demo store', () => {
    expect(resolveSandboxShop('', memoryStorage())).toBe(DEFAULT_SANDBOX_SHOP);
    expect(DEFAULT_SANDBOX_SHOP).toBe('demo-store.myshopify.com');
  });

  it('takes ?shop= and remembers it for later pages of the tab', () => {
    const storage = memoryStorage();
    expect(resolveSandboxShop('?shop=Other-Store.myshopify.com', storage)).toBe(
      'other-store.myshopify.com',
    );
    expect(resolveSandboxShop('', storage)).toBe('other-store.myshopify.com');
  });

  it('ignores malformed shop domains', () => {
    const storage = memoryStorage();
    expect(resolveSandboxShop('?shop=evil.example.com', storage)).toBe(DEFAULT_SANDBOX_SHOP);
  });

  it('works when storage is unavailable', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(resolveSandboxShop('?shop=a.myshopify.com', throwing)).toBe('a.myshopify.com');
    expect(resolveSandboxShop('', throwing)).toBe(DEFAULT_SANDBOX_SHOP);
  });
});
