import { CLIP_LINE_PROPERTY, VISITOR_CART_ATTRIBUTE } from '@popstage/core/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToCart, cartUrl, resetCartTagging, tagCart } from './cart';
import { clip, feed, visitorAnswer } from './fixtures.test-util';
import { Widget } from './widget';

type Call = { url: string; body: unknown };

/** fetch answering the cart endpoints with `cartStatus` (and the storefront API as usual). */
function mockFetch(cartStatus = 200) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/feed')) return Response.json(feed());
      const visitor = visitorAnswer(url);
      if (visitor) return visitor;
      if (!url.includes('/cart/')) return new Response('{}', { status: 202 });
      calls.push({ url, body: JSON.parse(String(init?.body)) });
      return new Response('{}', { status: cartStatus });
    }),
  );
  return calls;
}

/** The storefront (not the widget) sets its cart cookie; the test plays the storefront. */
const setCartCookie = (cookie: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the storefront's own cookie write, simulated
  document.cookie = cookie;
};

const setRoot = (root?: string) =>
  vi.stubGlobal('Shopify', root === undefined ? undefined : { routes: { root } });

beforeEach(() => {
  sessionStorage.clear();
  resetCartTagging();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('cart URL', () => {
  it('follows window.Shopify.routes.root, "/" without one', () => {
    setRoot(undefined);
    expect(cartUrl('add.js')).toBe('/cart/add.js');
    setRoot('/fr/');
    expect(cartUrl('add.js')).toBe('/fr/cart/add.js');
    setRoot('/sandbox/store/demo-store.myshopify.com/');
    expect(cartUrl('update.js')).toBe('/sandbox/store/demo-store.myshopify.com/cart/update.js');
    setRoot('/de');
    expect(cartUrl('add.js')).toBe('/de/cart/add.js');
  });
});

describe('add to cart from a clip', () => {
  it('sends the variant with the clip as a hidden line property, after tagging the cart', async () => {
    setRoot('/fr/');
    const calls = mockFetch();
    const added = vi.fn();
    document.addEventListener('popstage:cart-added', added, { once: true });
    const product = clip('x').products[0];
    if (!product) throw new Error('fixture without product');
    expect(await addToCart(product, { clipId: 'clip-x', visitorId: 'visitor-1' })).toBe(true);
    expect(calls).toEqual([
      {
        url: '/fr/cart/update.js',
        body: { attributes: { [VISITOR_CART_ATTRIBUTE]: 'visitor-1' } },
      },
      {
        url: '/fr/cart/add.js',
        body: { items: [{ id: 11, quantity: 1, properties: { [CLIP_LINE_PROPERTY]: 'clip-x' } }] },
      },
    ]);
    expect(added).toHaveBeenCalledTimes(1);
  });

  it('answers false when the storefront refuses, and when the product has no variant', async () => {
    mockFetch(422);
    const product = clip('x').products[0];
    if (!product) throw new Error('fixture without product');
    const attribution = { clipId: 'clip-x', visitorId: 'v' };
    expect(await addToCart(product, attribution)).toBe(false);
    expect(await addToCart({ ...product, variantId: null }, attribution)).toBe(false);
  });
});

describe('visitor cart attribute', () => {
  it('is posted once per browser session, whatever the number of views, clicks and adds', async () => {
    const calls = mockFetch();
    await tagCart('visitor-1');
    await tagCart('visitor-1');
    // A later page of the same session (module state is per page).
    resetCartTagging();
    await tagCart('visitor-1');
    expect(calls.filter((c) => c.url === '/cart/update.js')).toHaveLength(1);
  });

  it('is posted again when the cart is a new one (a checkout gave the shopper a fresh cart)', async () => {
    const calls = mockFetch();
    setCartCookie('cart=c1-first');
    await tagCart('visitor-1');
    resetCartTagging();
    await tagCart('visitor-1');
    setCartCookie('cart=c1-second');
    resetCartTagging();
    await tagCart('visitor-1');
    expect(calls.filter((c) => c.url === '/cart/update.js')).toHaveLength(2);
    expect(sessionStorage.getItem('popstage:cart-visitor')).toBe('c1-second');
    setCartCookie('cart=; expires=Thu, 01 Jan 1970 00:00:00 GMT');
  });

  it('is tried again on the next page when it failed, and a failure is silent', async () => {
    const calls = mockFetch(500);
    await expect(tagCart('visitor-1')).resolves.toBeUndefined();
    resetCartTagging();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await expect(tagCart('visitor-1')).resolves.toBeUndefined();
    expect(calls).toHaveLength(1);
    expect(sessionStorage.getItem('popstage:cart-visitor')).toBeNull();
  });

  it('goes out when the widget counts a view or a click, not an impression or a like', async () => {
    const calls = mockFetch();
    const widget = new Widget({
      origin: 'https://app.example',
      shop: 'demo-store.myshopify.com',
      transport: () => {},
    });
    await widget.start();
    widget.track('impression', 'a');
    widget.track('like', 'a');
    await Promise.resolve();
    expect(calls).toEqual([]);
    widget.track('view', 'a');
    widget.track('click', 'a', 'gid://shopify/Product/1');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      attributes: { [VISITOR_CART_ATTRIBUTE]: 'visitor-1' },
    });
  });
});
