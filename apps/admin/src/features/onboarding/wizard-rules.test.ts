import { describe, expect, it } from 'vitest';
import { storeLinks } from './store-links';
import { isAllSet, stepStates, timeHint } from './wizard-steps';

describe('wizard steps', () => {
  it('opens each step once the earlier ones are done', () => {
    expect(stepStates([]).map((s) => s.enabled)).toEqual([true, false, false, false]);
    expect(
      stepStates(['STEP_ENABLE_VIDEEO_SDK', 'STEP_PUBLISH_PRODUCTS_TO_VIDEEO_SC']).map((s) => [
        s.done,
        s.enabled,
      ]),
    ).toEqual([
      [true, true],
      [true, true],
      [false, true],
      [false, false],
    ]);
  });

  it('is all set at 100 % or with steps 1-3', () => {
    expect(isAllSet({ completion_percentage: 75, events: ['STEP_ENABLE_VIDEEO_SDK'] })).toBe(false);
    expect(
      isAllSet({
        completion_percentage: 75,
        events: [
          'STEP_ENABLE_VIDEEO_SDK',
          'STEP_PUBLISH_PRODUCTS_TO_VIDEEO_SC',
          'STEP_ADD_YOUR_FIRST_POPCLIP',
        ],
      }),
    ).toBe(true);
    expect(isAllSet({ completion_percentage: 100, events: [] })).toBe(true);
  });

  it('words the time hints', () => {
    expect([1, 2, 3].map(timeHint)).toEqual(['1 minute', '2 minutes', '3 minutes']);
  });
});

describe('store links', () => {
  it('opens the theme editor with our embed, and the products admin, in Shopify', () => {
    const doc = document.implementation.createHTMLDocument();
    doc.head.innerHTML = '<meta name="shopify-api-key" content="key-123">';
    expect(storeLinks('shopify', 'shop-1.myshopify.com', doc)).toEqual({
      appEmbed:
        'https://shop-1.myshopify.com/admin/themes/current/editor?context=apps&activateAppId=key-123/app-embed',
      products: 'https://shop-1.myshopify.com/admin/products',
      carouselBlock:
        'https://shop-1.myshopify.com/admin/themes/current/editor?template=index&addAppBlockId=key-123/carousel&target=newAppsSection',
    });
  });

  it("opens the local Shopify's theme editor and products admin offline, with Shopify's deep links", () => {
    const doc = document.implementation.createHTMLDocument();
    doc.head.innerHTML = '<meta name="shopify-api-key" content="key-123">';
    expect(storeLinks('sandbox', 'demo-store.myshopify.com', doc)).toEqual({
      appEmbed:
        '/sandbox/store/demo-store.myshopify.com/themes/current/editor?context=apps&activateAppId=key-123/app-embed',
      products: '/sandbox/store/demo-store.myshopify.com/admin/products',
      carouselBlock:
        '/sandbox/store/demo-store.myshopify.com/themes/current/editor?template=index&addAppBlockId=key-123/carousel&target=newAppsSection',
    });
    // A local Shopify running alone serves App Bridge, and its pages, on its own origin.
    const alone = document.implementation.createHTMLDocument();
    alone.head.innerHTML = '<script src="http://127.0.0.1:3001/sandbox/app-bridge.js"></script>';
    expect(storeLinks('sandbox', 'demo-store.myshopify.com', alone).products).toBe(
      'http://127.0.0.1:3001/sandbox/store/demo-store.myshopify.com/admin/products',
    );
  });
});
