import { describe, expect, it } from 'vitest';
import { detectHostKind } from './detect-host';

function fakeWindow(search: string, framed: boolean, referrer = ''): Window {
  const win: Record<string, unknown> = { location: { search }, document: { referrer } };
  win.self = win;
  win.top = framed ? {} : win;
  return win as unknown as Window;
}

describe('detectHostKind', () => {
  it('is the sandbox for a plain browser tab', () => {
    expect(detectHostKind(fakeWindow('?shop=demo-store.myshopify.com', false))).toBe('sandbox');
  });

  it('is Shopify when the host parameter is present', () => {
    expect(detectHostKind(fakeWindow('?shop=a.myshopify.com&host=YWRtaW4', false))).toBe('shopify');
  });

  it('is Shopify when framed by the Shopify admin, not by another page', () => {
    expect(detectHostKind(fakeWindow('', true, 'https://admin.shopify.com/store/a'))).toBe(
      'shopify',
    );
    expect(detectHostKind(fakeWindow('', true, 'https://elsewhere.example/'))).toBe('sandbox');
  });
});
