import { describe, expect, it } from 'vitest';
import { signedQueryMessage } from './index';

describe('signedQueryMessage', () => {
  it('joins every parameter but hmac, sorted by name, unencoded', () => {
    const params: [string, string][] = [
      ['shop', 'demo.myshopify.com'],
      ['timestamp', '1800000000'],
      ['hmac', 'abc'],
      ['host', 'YWRtaW4'],
      ['embedded', '1'],
      ['locale', 'en-GB'],
      ['x', 'a&b'],
    ];
    expect(signedQueryMessage(params)).toBe(
      'embedded=1&host=YWRtaW4&locale=en-GB&shop=demo.myshopify.com&timestamp=1800000000&x=a&b',
    );
  });

  it('sorts by code unit, capitals first, as Shopify does', () => {
    expect(
      signedQueryMessage([
        ['b', '2'],
        ['a', '1'],
        ['B', '3'],
      ]),
    ).toBe('B=3&a=1&b=2');
  });
});
