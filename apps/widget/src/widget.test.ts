import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCartTagging } from './cart';
import { clip, feed, ISSUED_VISITOR, stubMediaPlayback, visitorAnswer } from './fixtures.test-util';
import type { LoaderShared, StorefrontFeed } from './types';
import { Widget } from './widget';

const ORIGIN = 'https://app.example';
const SHOP = 'demo-store.myshopify.com';

function mockFetch(data: StorefrontFeed | null, likes: string[] = []) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const visitor = visitorAnswer(url);
    if (visitor) return visitor;
    if (url.endsWith('/feed')) {
      return data ? Response.json(data) : new Response('{}', { status: 404 });
    }
    if (url.includes('/likes?')) return Response.json({ likedClipIds: likes });
    if (url === '/cart/add.js') return new Response('{}', { status: 404 });
    return new Response('{}', { status: 202 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function start(data: StorefrontFeed | null, likes: string[] = []) {
  const calls = mockFetch(data, likes);
  const sent: unknown[] = [];
  const widget = new Widget({
    origin: ORIGIN,
    shop: SHOP,
    transport: (_url, body) => sent.push(JSON.parse(body)),
  });
  await widget.start();
  return { widget, calls, sent };
}

const flushPromises = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = `
    <div data-popstage-carousel="car1"></div>
    <div data-popstage-carousel="all"></div>
    <div data-popstage-carousel="unknown"></div>
    <div data-popstage-product="gid://shopify/Product/1"></div>`;
  sessionStorage.clear();
  resetCartTagging();
  stubMediaPlayback();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.documentElement.style.overflow = '';
});

describe('widget rendering', () => {
  it('fetches the shop feed from the script origin and renders the carousels', async () => {
    const { calls } = await start(feed());
    expect(calls[0]?.url).toBe(`${ORIGIN}/storefront/v1/shops/${SHOP}/feed`);
    const [car1, all, unknown] = document.querySelectorAll('[data-popstage-carousel]');
    expect(car1?.querySelector('h2')?.textContent).toBe('Summer');
    const labels = (el: Element | undefined) =>
      [...(el?.querySelectorAll('.ps-tile') ?? [])].map((b) => b.getAttribute('aria-label'));
    expect(labels(car1)).toEqual(['Play video: Clip c', 'Play video: Clip a']);
    expect(labels(all)).toHaveLength(3);
    expect(unknown?.children).toHaveLength(0);
    expect((unknown as HTMLElement).style.minHeight).toBe('');
    // Posters first, lazily, in reserved boxes; no video element before the viewer opens.
    const img = car1?.querySelector('.ps-box img');
    expect(img?.getAttribute('loading')).toBe('eager');
    expect(car1?.querySelector('video')).toBeNull();
    expect(all?.textContent).toContain('1.5K views');
  });

  it('says "1 view" for one view, as the admin does (core formatCount)', async () => {
    const one = feed();
    one.clips = [clip('a', { views: 1 }), clip('b', { views: 2 })];
    await start(one);
    const stats = [...document.querySelectorAll('[data-popstage-carousel="all"] .ps-stat')];
    expect(stats.map((el) => el.textContent)).toEqual(['1 view', '2 views']);
  });

  it('renders product-page clips with VideoObject JSON-LD, none when hidden on PDPs', async () => {
    const reserved =
      '<div data-popstage-product="gid://shopify/Product/1" style="min-height: 400px"></div>';
    document.body.innerHTML = reserved;
    const untitled = feed();
    if (untitled.clips[2]) untitled.clips[2].title = '';
    await start(untitled);
    const product = document.querySelector<HTMLElement>('[data-popstage-product]');
    expect(product?.querySelectorAll('.ps-tile')).toHaveLength(2);
    // The filled row keeps the reserve; every tile has its caption line, titled or not.
    expect(product?.style.minHeight).toBe('400px');
    expect([...(product?.querySelectorAll('.ps-cap') ?? [])].map((c) => c.textContent)).toEqual([
      'Clip a',
      '',
    ]);
    const ld = [...document.head.querySelectorAll('script[type="application/ld+json"]')];
    expect(ld.map((s) => JSON.parse(s.textContent ?? '{}').name)).toEqual(['Clip a', 'Video']);

    document.head.innerHTML = '';
    document.body.innerHTML = reserved;
    const hidden = feed();
    hidden.settings.hidePopClipsOnPDP = true;
    await start(hidden);
    const empty = document.querySelector<HTMLElement>('[data-popstage-product]');
    expect(empty?.children).toHaveLength(0);
    expect(empty?.style.minHeight).toBe('');
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  it("folds a classic horizontal scrollbar into the row's padding, so the row keeps its height", async () => {
    // jsdom does no layout: a 15px scrollbar under an overflowing list, as Windows draws it.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.classList.contains('ps-list') ? 395 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.classList.contains('ps-list') ? 380 : 0;
    });
    await start(feed());
    const list = document.querySelector<HTMLElement>('[data-popstage-product] .ps-list');
    expect(list?.style.paddingBottom).toBe('0px');
    expect(list?.style.marginBottom).toBe('-9px');
  });

  it('places the featured clip at the desktop position and can dismiss it', async () => {
    const { widget } = await start(feed());
    const float = document.querySelector<HTMLElement>('[data-popstage-float="featured"]');
    expect(float?.style.left).toBe('calc(12px + 1 * (100% - 24px))');
    expect(float?.style.top).toBe('calc(12px + 0.5 * (100% - 24px))');
    expect(float?.style.transform).toBe('translate(-100%, -50%)');
    expect(float?.querySelector('button')?.getAttribute('aria-label')).toBe(
      'Play featured video: Clip c',
    );
    float?.querySelector<HTMLButtonElement>('[aria-label="Close featured video"]')?.click();
    expect(document.querySelector('[data-popstage-float]')).toBeNull();
    widget.renderFeatured();
    expect(document.querySelector('[data-popstage-float]')).toBeNull();
  });

  it('renders nothing and frees reserved space when the feed is missing', async () => {
    for (const selector of ['[data-popstage-carousel]', '[data-popstage-product]']) {
      document.querySelector<HTMLElement>(selector)?.style.setProperty('min-height', '300px');
    }
    await start(null);
    for (const selector of ['[data-popstage-carousel]', '[data-popstage-product]']) {
      const el = document.querySelector<HTMLElement>(selector);
      expect(el?.children).toHaveLength(0);
      expect(el?.style.minHeight).toBe('');
    }
    expect(document.querySelector('[data-popstage-float]')).toBeNull();
  });

  it('counts impressions once per clip and flushes them as one batch', async () => {
    const { widget, sent } = await start(feed());
    widget.queue.flush();
    const events = (sent[0] as { visitorId: string; events: { type: string; clipId: string }[] })
      .events;
    expect(events.every((e) => e.type === 'impression')).toBe(true);
    expect(events.map((e) => e.clipId).sort()).toEqual(['a', 'b', 'c']);
    expect((sent[0] as { visitorId: string }).visitorId).toBe(ISSUED_VISITOR);
  });
});

describe('viewer', () => {
  it('opens as a modal dialog, moves with the arrow keys, closes with Escape and restores focus', async () => {
    const { widget } = await start(feed());
    const tile = document.querySelector<HTMLButtonElement>(
      '[data-popstage-carousel="car1"] .ps-tile',
    );
    tile?.focus();
    tile?.click();
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
    expect(dialog?.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(dialog);
    const video = dialog?.querySelector('video');
    expect(video?.getAttribute('src')).toBe('https://cdn.example/c.mp4');
    expect(video?.getAttribute('preload')).toBe('none');
    expect(dialog?.querySelector('h2')?.textContent).toBe('Clip c');
    dialog?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(dialog?.querySelector('h2')?.textContent).toBe('Clip a');
    expect(dialog?.querySelector('[aria-live]')?.textContent).toBe('Video 2 of 2');
    expect(dialog?.querySelector<HTMLButtonElement>('[aria-label="Next video"]')?.disabled).toBe(
      true,
    );
    dialog?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(tile);
    expect(widget.feed).not.toBeNull();
  });

  it('traps focus inside the dialog', async () => {
    await start(feed());
    document.querySelector<HTMLButtonElement>('.ps-tile')?.click();
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
    const back = new KeyboardEvent('keydown', {
      key: 'Tab',
      shiftKey: true,
      bubbles: true,
      cancelable: true,
    });
    dialog?.dispatchEvent(back);
    expect(back.defaultPrevented).toBe(true);
    const last = document.activeElement;
    expect(last?.className).toBe('ps-mark');
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    dialog?.dispatchEvent(tab);
    // Tab on the last element wraps to the first (the video's controls, in a browser).
    expect(tab.defaultPrevented).toBe(true);
  });

  it('moves with a swipe', async () => {
    await start(feed());
    document.querySelector<HTMLButtonElement>('[data-popstage-carousel="all"] .ps-tile')?.click();
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
    const touch = (type: string, y: number) => {
      const event = new Event(type, { bubbles: true });
      Object.defineProperty(event, 'changedTouches', { value: [{ clientX: 100, clientY: y }] });
      dialog?.dispatchEvent(event);
    };
    touch('touchstart', 500);
    touch('touchend', 300);
    expect(dialog?.querySelector('h2')?.textContent).toBe('Clip b');
  });

  it('shows product cards, price, likes with the visitor state, views and the watermark', async () => {
    const { widget, calls } = await start(feed(), ['a']);
    document.querySelector<HTMLButtonElement>('[data-popstage-carousel="all"] .ps-tile')?.click();
    await flushPromises();
    expect(
      calls.some((c) => c.url.startsWith(`${ORIGIN}/storefront/v1/shops/${SHOP}/likes?visitorId=`)),
    ).toBe(true);
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
    const like = dialog?.querySelector<HTMLButtonElement>('.ps-like');
    expect(like?.getAttribute('aria-pressed')).toBe('true');
    expect(like?.textContent).toBe('♥');
    expect(dialog?.querySelector('.ps-count')?.textContent).toBe('3');
    like?.click();
    expect(like?.getAttribute('aria-pressed')).toBe('false');
    expect(like?.textContent).toBe('♡');
    expect(dialog?.querySelector('.ps-count')?.textContent).toBe('2');
    expect(dialog?.textContent).toContain('1.5K views');
    expect(dialog?.textContent).toContain('$19.99');
    expect(dialog?.querySelector('.ps-card a')?.getAttribute('href')).toBe('/products/tee');
    expect(dialog?.querySelector('.ps-mark')?.textContent).toBe('Powered by Popstage');
    expect(dialog?.querySelector('[aria-label="Add to cart: Tee"]')).not.toBeNull();
    widget.queue.flush();
  });

  it('adds to the Shopify cart, or opens the product when the storefront has no cart', async () => {
    const { widget, calls, sent } = await start(feed());
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: window.location.href });
    document.querySelector<HTMLButtonElement>('[data-popstage-carousel="all"] .ps-tile')?.click();
    document.querySelector<HTMLButtonElement>('[aria-label="Add to cart: Tee"]')?.click();
    await flushPromises();
    const cart = calls.find((c) => c.url === '/cart/add.js');
    expect(JSON.parse(String(cart?.init?.body))).toEqual({
      items: [{ id: 11, quantity: 1, properties: { _popstage_clip: 'a' } }],
    });
    expect(assign).toHaveBeenCalledWith('/products/tee');
    widget.queue.flush();
    const events = sent.flatMap((b) => (b as { events: { type: string }[] }).events);
    expect(events.some((e) => e.type === 'add_to_cart')).toBe(true);
  });

  it('hides likes, views, buy button and watermark when the settings say so', async () => {
    const f = feed();
    f.settings = {
      hidePopClipsOnPDP: false,
      holdoutPercent: 0,
      showViews: false,
      showLikes: false,
      buyButton: false,
      watermark: false,
    };
    const { calls } = await start(f);
    document.querySelector<HTMLButtonElement>('[data-popstage-carousel="all"] .ps-tile')?.click();
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
    expect(dialog?.querySelector('.ps-like')).toBeNull();
    expect(dialog?.querySelector('.ps-buy')).toBeNull();
    expect(dialog?.querySelector('.ps-mark')).toBeNull();
    expect(dialog?.textContent).not.toContain('views');
    expect(calls.some((c) => c.url.includes('/likes?'))).toBe(false);
  });

  it('counts a view after 2 s of playback, once', async () => {
    const { widget, sent } = await start(feed());
    document.querySelector<HTMLButtonElement>('.ps-tile')?.click();
    const video = document.querySelector<HTMLVideoElement>('[role="dialog"] video');
    if (!video) throw new Error('no video');
    Object.defineProperty(video, 'currentTime', { value: 1, writable: true, configurable: true });
    video.dispatchEvent(new Event('timeupdate'));
    video.currentTime = 2.1;
    video.dispatchEvent(new Event('timeupdate'));
    video.dispatchEvent(new Event('ended'));
    widget.queue.flush();
    const views = sent
      .flatMap((b) => (b as { events: { type: string }[] }).events)
      .filter((e) => e.type === 'view');
    expect(views).toHaveLength(1);
  });

  it('minimises into the miniplayer at its position and expands back', async () => {
    await start(feed());
    document.querySelector<HTMLButtonElement>('.ps-tile')?.click();
    document.querySelector<HTMLButtonElement>('[aria-label="Minimize video"]')?.click();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    const mini = document.querySelector<HTMLElement>('[data-popstage-float="miniplayer"]');
    expect(mini?.style.top).toBe('calc(12px + 0.57 * (100% - 24px))');
    mini?.querySelector<HTMLButtonElement>('button')?.click();
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    expect(document.querySelector('[data-popstage-float="miniplayer"]')).toBeNull();
  });
});

describe("the viewer on the loader's warm file", () => {
  const warmed = (clipId: string, url: string, readyState: number) => {
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.muted = true;
    video.src = url;
    Object.defineProperty(video, 'readyState', { value: readyState, configurable: true });
    const srcSet = vi.fn();
    // Setting src (even to the same URL) would make the browser load the file anew.
    Object.defineProperty(video, 'src', { get: () => url, set: srcSet, configurable: true });
    const shared: LoaderShared = { feed: Promise.resolve(null), warm: { clipId, video } };
    (window as { PopstageLoader?: LoaderShared }).PopstageLoader = shared;
    return { video, shared, srcSet };
  };
  afterEach(() => {
    delete (window as { PopstageLoader?: LoaderShared }).PopstageLoader;
  });

  it('plays the warm element of its clip, from the bytes it has, without a poster', async () => {
    const { widget } = await start(feed());
    const { video, shared, srcSet } = warmed(
      'c',
      'https://cdn.example/c.mp4',
      HTMLMediaElement.HAVE_CURRENT_DATA,
    );
    widget.openFeatured(null);
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
    expect(dialog?.querySelector('video')).toBe(video);
    expect(srcSet).not.toHaveBeenCalled();
    expect(video.controls).toBe(true);
    expect(video.muted).toBe(false);
    expect(video.preload).toBe('auto');
    // A frame is there: the poster would take the link from the file's next bytes.
    expect(video.getAttribute('poster')).toBeNull();
    expect(video.play).toHaveBeenCalled();
    expect(shared.warm).toBeNull();

    // The next clip loads its own file in the same element.
    dialog?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(srcSet).toHaveBeenCalledWith('https://cdn.example/a.mp4');
  });

  it("asks for no poster while the warm file has no frame yet, and leaves another clip's alone", async () => {
    const { widget } = await start(feed());
    const { video } = warmed('c', 'https://cdn.example/c.mp4', HTMLMediaElement.HAVE_METADATA);
    widget.openFeatured(null);
    expect(document.querySelector('[role="dialog"] video')).toBe(video);
    // Its bytes are coming: a poster would share the link with them.
    expect(video.getAttribute('poster')).toBeNull();
    // A file loaded anew (the next clip) shows its poster until its first frame.
    document
      .querySelector('[role="dialog"]')
      ?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(video.poster).toBe('https://cdn.example/a.jpg');

    const other = warmed('b', 'https://cdn.example/b.mp4', HTMLMediaElement.HAVE_CURRENT_DATA);
    widget.openFeatured(null);
    expect(document.querySelector('[role="dialog"] video')).not.toBe(other.video);
    expect(other.shared.warm?.video).toBe(other.video);
  });
});

describe('holdout test', () => {
  // In core's hash at 20 %: shopper-1 is held out, shopper-0 is not.
  const start20 = async (visitor: string) => {
    localStorage.setItem(`popstage:visitor:${SHOP}`, `${visitor}.${'s'.repeat(22)}`);
    return start(feed({ settings: { ...feed().settings, holdoutPercent: 20 } }));
  };
  const tiles = () => document.querySelectorAll('.ps-tile').length;
  const visits = (calls: { url: string; init?: RequestInit }[]) =>
    calls.filter((c) => c.url.endsWith('/visits')).map((c) => JSON.parse(String(c.init?.body)));
  const cartTags = (calls: { url: string; init?: RequestInit }[]) =>
    calls.filter((c) => c.url === '/cart/update.js').map((c) => JSON.parse(String(c.init?.body)));

  afterEach(() => localStorage.clear());

  it('shows nothing to a held-out visitor, but counts the visit and puts them on the cart', async () => {
    const { calls } = await start20('shopper-1');
    await flushPromises();
    expect(tiles()).toBe(0);
    expect(document.querySelector('.ps-featured')).toBeNull();
    expect(visits(calls)).toEqual([{ visitorId: `shopper-1.${'s'.repeat(22)}` }]);
    expect(cartTags(calls)).toEqual([{ attributes: { _popstage_visitor: 'shopper-1' } }]);
  });

  it('shows the widget to an exposed visitor, counted once per session', async () => {
    const { calls } = await start20('shopper-0');
    await flushPromises();
    expect(tiles()).toBeGreaterThan(0);
    expect(visits(calls)).toHaveLength(1);
    document.body.innerHTML = '<div data-popstage-carousel="all"></div>';
    const again = await start20('shopper-0');
    expect(visits(again.calls)).toEqual([]);
  });

  it('is not run without consent: the widget shows and nothing is reported', async () => {
    (window as unknown as { Shopify: unknown }).Shopify = {
      loadFeatures: () => {},
      customerPrivacy: { analyticsProcessingAllowed: () => false },
    };
    try {
      const { calls } = await start20('shopper-1');
      expect(tiles()).toBeGreaterThan(0);
      expect(visits(calls)).toEqual([]);
    } finally {
      delete (window as unknown as { Shopify?: unknown }).Shopify;
    }
  });
});
