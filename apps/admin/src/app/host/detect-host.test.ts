import { describe, expect, it } from 'vitest';
import { detectHostKind } from './detect-host';

function documentWith(head: string): Document {
  return new DOMParser().parseFromString(`<html><head>${head}</head></html>`, 'text/html');
}

describe('detectHostKind', () => {
  it("is the sandbox when the document loads the local Shopify's App Bridge", () => {
    expect(detectHostKind(documentWith('<script src="/sandbox/app-bridge.js"></script>'))).toBe(
      'sandbox',
    );
  });

  it("is Shopify with Shopify's CDN App Bridge, and by default", () => {
    expect(
      detectHostKind(
        documentWith('<script src="https://cdn.shopify.com/shopifycloud/app-bridge.js"></script>'),
      ),
    ).toBe('shopify');
    expect(detectHostKind(documentWith(''))).toBe('shopify');
  });
});
