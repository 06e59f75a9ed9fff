import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCartTagging } from './cart';
import { feed, ISSUED_VISITOR, stubMediaPlayback, visitorAnswer } from './fixtures.test-util';
import { Widget } from './widget';

/**
 * Consent through Shopify's Customer Privacy API: a stand-in for what Shopify's storefront puts
 * on window.Shopify (loadFeatures, customerPrivacy, the visitorConsentCollected event).
 */
function privacyApi(initial: boolean) {
  let allowed = initial;
  const api = {
    loadFeatures: vi.fn((_features: unknown, done: (error?: unknown) => void) => {
      (window as unknown as { Shopify: unknown }).Shopify = {
        ...api,
        customerPrivacy: { analyticsProcessingAllowed: () => allowed },
      };
      setTimeout(() => done(), 0);
    }),
  };
  (window as unknown as { Shopify: unknown }).Shopify = api;
  return {
    api,
    decide(value: boolean) {
      allowed = value;
      document.dispatchEvent(
        new CustomEvent('visitorConsentCollected', { detail: { analyticsAllowed: value } }),
      );
    },
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

async function start() {
  const calls: { url: string; body?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, ...(init?.body ? { body: String(init.body) } : {}) });
      const visitor = visitorAnswer(url);
      if (visitor) return visitor;
      if (url.endsWith('/feed')) return Response.json(feed());
      if (url.includes('/likes?')) return Response.json({ likedClipIds: [] });
      return new Response('{}', { status: url === '/cart/add.js' ? 200 : 202 });
    }),
  );
  const sent: { visitorId: string; events: { type: string }[] }[] = [];
  const widget = new Widget({
    origin: 'https://app.example',
    shop: 'demo-store.myshopify.com',
    transport: (_url, body) => sent.push(JSON.parse(body)),
  });
  await widget.start();
  await flush();
  return { widget, calls, sent };
}

const openFirstClip = () =>
  document.querySelector<HTMLButtonElement>('[data-popstage-carousel="all"] .ps-tile')?.click();

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '<div data-popstage-carousel="all"></div>';
  localStorage.clear();
  sessionStorage.clear();
  resetCartTagging();
  stubMediaPlayback();
});
afterEach(() => {
  delete (window as unknown as { Shopify?: unknown }).Shopify;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('before the shopper allows analytics', () => {
  it('plays clips but stores no visitor id, sends no event, tags no cart, puts no clip on the line', async () => {
    const privacy = privacyApi(false);
    const { widget, calls, sent } = await start();
    expect(privacy.api.loadFeatures).toHaveBeenCalledWith(
      [{ name: 'consent-tracking-api', version: '0.1' }],
      expect.any(Function),
    );
    openFirstClip();
    expect(document.querySelector('[role="dialog"] video')).not.toBeNull();
    document.querySelector<HTMLButtonElement>('[aria-label="Add to cart: Tee"]')?.click();
    await flush();
    widget.queue.flush();
    expect(sent).toEqual([]);
    expect(localStorage.length).toBe(0);
    expect(calls.some((c) => c.url.endsWith('/visitors'))).toBe(false);
    expect(calls.some((c) => c.url.includes('/likes?') || c.url === '/cart/update.js')).toBe(false);
    const add = calls.find((c) => c.url === '/cart/add.js');
    expect(JSON.parse(add?.body ?? '{}')).toEqual({
      items: [{ id: 11, quantity: 1, properties: {} }],
    });
  });

  it('counts from the moment the shopper allows analytics', async () => {
    const privacy = privacyApi(false);
    const { widget, sent } = await start();
    privacy.decide(true);
    openFirstClip();
    await flush();
    widget.queue.flush();
    expect(sent.flatMap((batch) => batch.events).length).toBeGreaterThan(0);
    expect(sent[0]?.visitorId).toBe(ISSUED_VISITOR);
    expect(localStorage.getItem('popstage:visitor:demo-store.myshopify.com')).toBe(ISSUED_VISITOR);
  });
});

describe('where analytics are allowed, or outside Shopify', () => {
  it('counts when the API says analytics are allowed', async () => {
    privacyApi(true);
    const { widget, sent } = await start();
    openFirstClip();
    widget.queue.flush();
    expect(sent.length).toBeGreaterThan(0);
  });

  it('counts on a page without Shopify consent features', async () => {
    const { widget, sent } = await start();
    openFirstClip();
    widget.queue.flush();
    expect(sent.length).toBeGreaterThan(0);
  });
});
