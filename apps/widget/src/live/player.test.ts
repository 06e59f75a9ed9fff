import { SHOW_LINE_PROPERTY, VISITOR_CART_ATTRIBUTE } from '@popstage/core/analytics';
import {
  livePlaybackSettings,
  PRESENCE_HEARTBEAT_SECONDS,
  VIEWER_MESSAGES,
} from '@popstage/core/live';
import type { StorefrontLiveAnswer, StorefrontProduct } from '@popstage/core/storefront';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCartTagging } from '../cart';
import { stubMediaPlayback, visitorAnswer } from '../fixtures.test-util';
import { LIVE_TEXT, LivePlayer } from './player';
import { resetViewerMemory } from './viewer';

const ORIGIN = 'https://app.example';
const SHOP = 'demo.myshopify.com';
const PUBLIC = 'https://app.example/live-service/v1/public/shows/show1';

const product = (n: number, over: Partial<StorefrontProduct> = {}): StorefrontProduct => ({
  id: `gid://shopify/Product/${n}`,
  handle: `p${n}`,
  title: `Product ${n}`,
  url: `https://shop.example/products/p${n}`,
  imageUrl: null,
  price: '25.00',
  currencyCode: 'USD',
  variantId: `gid://shopify/ProductVariant/${n}0`,
  available: true,
  ...over,
});
const P1 = product(1);
const P2 = product(2);

/** What the live service says of the stream (the tests of an LL-HLS show set it). */
let lowLatency = false;

function answer(status: 'scheduled' | 'live' | 'ended'): StorefrontLiveAnswer {
  return {
    show: {
      id: 'show1',
      title: 'Spring scarves',
      status,
      startsAt: '2026-12-01T18:00:00.000Z',
      publicApi: status === 'scheduled' ? null : PUBLIC,
      hls: status === 'scheduled' ? null : 'https://media.example/show1/index.m3u8',
      mp4: status === 'ended' ? 'https://media.example/show1/replay.mp4' : null,
      lowLatency: lowLatency && status === 'live',
    },
    products: [P1, P2],
  };
}

function state(status: 'live' | 'ended') {
  const a = answer(status).show;
  return {
    ...a,
    startedAt: '2026-12-01T18:00:00.000Z',
    endedAt: null,
    productIds: [P1.id, P2.id],
    pinned: status === 'live' ? P1.id : null,
    pins: [
      { productId: P1.id, fromSeconds: 2, toSeconds: 9 },
      { productId: P2.id, fromSeconds: 11, toSeconds: null },
    ],
    viewers: 27,
    chat: [
      { id: 'm1', name: 'Ava', text: 'Love it', at: '2026-12-01T18:01:00.000Z', seller: false },
      { id: 'm2', name: 'Ben', text: 'Waterproof?', at: '2026-12-01T18:02:00.000Z', seller: false },
    ],
  };
}

type Call = { url: string; method: string; body: unknown };

/** fetch as the app, the live service and the storefront's cart answer it. */
function mockFetch(status: 'scheduled' | 'live' | 'ended', chatStatus = 201) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ url, method: init?.method ?? 'GET', body });
      if (url === `${ORIGIN}/storefront/v1/shops/${SHOP}/live`)
        return Response.json(answer(status));
      if (url === PUBLIC) return Response.json(state(status === 'scheduled' ? 'live' : status));
      if (url === `${PUBLIC}/chat`) {
        if (chatStatus !== 201) return Response.json({ message: 'no' }, { status: chatStatus });
        const message = {
          id: 'own1',
          name: body.name,
          text: body.text,
          at: '2026-12-01T18:03:00.000Z',
          seller: false,
        };
        return Response.json({ message }, { status: 201 });
      }
      if (url === `${PUBLIC}/presence`) return new Response(null, { status: 204 });
      const visitor = visitorAnswer(url);
      if (visitor) return visitor;
      if (url.includes('/cart/')) return Response.json({});
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

/** EventSource as the live service's stream: the test sends its messages. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  send(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  close() {
    this.closed = true;
  }
}

/** hls.js as the player uses it: each instance's settings kept in `config`, its calls in `hls`. */
function fakeHls() {
  const hls = { loadSource: vi.fn(), attachMedia: vi.fn(), destroy: vi.fn(), on: vi.fn() };
  const config: unknown[] = [];
  class FakeHls {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    static ErrorTypes = { MEDIA_ERROR: 'mediaError', NETWORK_ERROR: 'networkError' };
    constructor(settings: unknown) {
      config.push(settings);
      Object.assign(this, hls);
    }
  }
  return { FakeHls, hls, config };
}

async function mount(status: 'scheduled' | 'live' | 'ended', chatStatus = 201) {
  const calls = mockFetch(status, chatStatus);
  const root = document.createElement('div');
  root.dataset.popstageLive = 'show';
  document.body.append(root);
  const player = new LivePlayer(root, { origin: ORIGIN, shop: SHOP });
  await player.start();
  return { player, root, calls };
}

const byName = (root: HTMLElement, name: string) =>
  Array.from(root.querySelectorAll<HTMLElement>('button')).find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name,
  );
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let players: LivePlayer[] = [];
beforeEach(() => {
  stubMediaPlayback();
  vi.stubGlobal('EventSource', FakeEventSource);
  localStorage.clear();
  sessionStorage.clear();
  resetViewerMemory();
  resetCartTagging();
  players = [];
  lowLatency = false;
});
afterEach(() => {
  for (const player of players) player.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the live show', () => {
  it('plays the stream with the pinned product over it, the viewers and the chat', async () => {
    // A browser that plays HLS itself (Safari) gets the playlist as the video's source.
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
      type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
    );
    const { root, player } = await mount('live');
    players.push(player);
    const video = root.querySelector('video');
    expect(video?.src).toBe('https://media.example/show1/index.m3u8');
    const pin = root.querySelector<HTMLElement>('[role=region][aria-label="Pinned product"]');
    expect(pin?.hidden).toBe(false);
    expect(pin?.textContent).toContain('Product 1');
    expect(pin?.textContent).toContain('$25.00');
    expect(root.querySelector('.psl-count')?.textContent).toBe('27 watching');
    expect(Array.from(root.querySelectorAll('.psl-msgs li'), (li) => li.textContent)).toEqual([
      'AvaLove it',
      'BenWaterproof?',
    ]);
    expect(FakeEventSource.last?.url).toBe(`${PUBLIC}/events`);
  });

  it('plays with hls.js, fetched from the app, where the browser has no HLS', async () => {
    const { FakeHls, hls, config } = fakeHls();
    const { root, player } = await mount('live');
    players.push(player);
    const tag = document.head.querySelector<HTMLScriptElement>(
      `script[src="${ORIGIN}/storefront/v1/hls.js"]`,
    );
    expect(tag).not.toBeNull();
    vi.stubGlobal('PopstageHls', FakeHls);
    tag?.onload?.(new Event('load'));
    await vi.waitFor(() => expect(hls.loadSource).toHaveBeenCalledOnce());
    expect(hls.loadSource).toHaveBeenCalledWith('https://media.example/show1/index.m3u8');
    expect(hls.attachMedia).toHaveBeenCalledWith(root.querySelector('video'));
    expect(config).toEqual([livePlaybackSettings(false)]);
    player.stop();
    expect(hls.destroy).toHaveBeenCalledOnce();
  });

  it('plays a low-latency show with hls.js wherever it runs, the browser’s own HLS only without MSE', async () => {
    lowLatency = true;
    // Chrome: its own HLS reads no LL-HLS parts, so hls.js (with MSE) plays the show.
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
      type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
    );
    vi.stubGlobal('MediaSource', class {});
    const { FakeHls, hls, config } = fakeHls();
    vi.stubGlobal('PopstageHls', FakeHls);
    const { root, player } = await mount('live');
    players.push(player);
    await vi.waitFor(() => expect(hls.loadSource).toHaveBeenCalledOnce());
    expect(config).toEqual([livePlaybackSettings(true)]);
    expect(root.querySelector('video')?.getAttribute('src')).toBeNull();
    player.stop();

    // An iPhone without MSE: Safari's own HLS, which reads the parts itself.
    vi.unstubAllGlobals();
    const iphone = await mount('live');
    players.push(iphone.player);
    await vi.waitFor(() =>
      expect(iphone.root.querySelector('video')?.src).toBe(
        'https://media.example/show1/index.m3u8',
      ),
    );
    expect(hls.loadSource).toHaveBeenCalledOnce();
  });

  it('applies the stream’s events: pin, chat, hidden message, viewers, end of show', async () => {
    const { root, player } = await mount('live');
    players.push(player);
    const events = FakeEventSource.last as FakeEventSource;
    events.send({ type: 'pin', pinned: P2.id, pins: [] });
    expect(root.querySelector('.psl-pin')?.textContent).toContain('Product 2');
    events.send({ type: 'pin', pinned: null, pins: [] });
    expect(root.querySelector<HTMLElement>('.psl-pin')?.hidden).toBe(true);

    events.send({
      type: 'chat',
      message: {
        id: 'm3',
        name: 'Shop',
        text: 'Hi all',
        at: '2026-12-01T18:05:00.000Z',
        seller: true,
      },
    });
    expect(root.querySelector('.psl-msgs li:last-child')?.textContent).toBe('ShopHi all');
    expect(root.querySelector('.psl-msgs li:last-child')?.className).toBe('psl-seller');
    events.send({ type: 'chat-hidden', id: 'm1' });
    expect(root.querySelector('[data-message="m1"]')).toBeNull();
    expect(root.querySelector('.psl-msgs')?.textContent).not.toContain('Love it');

    events.send({ type: 'viewers', count: 120 });
    expect(root.querySelector('.psl-count')?.textContent).toBe('120 watching');
    // A message that is not an event changes nothing.
    events.send({ type: 'viewers', count: -5 });
    player.onEvent('not json');
    expect(root.querySelector('.psl-count')?.textContent).toBe('120 watching');

    events.send({
      type: 'status',
      status: 'ended',
      hls: 'https://media.example/show1/replay.m3u8',
      mp4: 'https://media.example/show1/replay.mp4',
    });
    await settle();
    expect(events.closed).toBe(true);
    expect(root.querySelector('.psl-badge')?.textContent).toBe(LIVE_TEXT.replay);
    expect(root.querySelector('video')?.src).toBe('https://media.example/show1/replay.mp4');
    expect(root.querySelector('.psl-form')).toBeNull();
  });

  it('adds the pinned product to the cart with the show on its line, staying on the stream', async () => {
    const { root, player, calls } = await mount('live');
    players.push(player);
    const video = root.querySelector('video');
    const button = byName(root.querySelector('.psl-pin') as HTMLElement, 'Add to cart: Product 1');
    button?.click();
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/cart/add.js'))).toBe(true));
    const add = calls.find((c) => c.url.endsWith('/cart/add.js'));
    expect(add?.url).toBe('/cart/add.js');
    expect(add?.body).toEqual({
      items: [{ id: 10, quantity: 1, properties: { [SHOW_LINE_PROPERTY]: 'show1' } }],
    });
    // With analytics allowed, the visitor is on the cart first.
    const tag = calls.find((c) => c.url.endsWith('/cart/update.js'));
    expect(tag?.body).toMatchObject({
      attributes: { [VISITOR_CART_ATTRIBUTE]: expect.any(String) },
    });
    expect(calls.indexOf(tag as Call)).toBeLessThan(calls.indexOf(add as Call));
    // The stream is still there: same video, nothing navigated.
    expect(root.querySelector('video')).toBe(video);
    await vi.waitFor(() => expect(button?.textContent).toBe(LIVE_TEXT.added));
    expect(button?.getAttribute('aria-label')).toBe(`${LIVE_TEXT.added}: Product 1`);
  });

  it('puts the show on the line without consent, but no visitor on the cart', async () => {
    vi.stubGlobal('Shopify', {
      routes: { root: '/fr/' },
      customerPrivacy: { analyticsProcessingAllowed: () => false },
    });
    const { root, player, calls } = await mount('live');
    players.push(player);
    byName(root, 'Add to cart: Product 2')?.click();
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('add.js'))).toBe(true));
    const add = calls.find((c) => c.url.endsWith('add.js'));
    expect(add?.url).toBe('/fr/cart/add.js');
    expect(add?.body).toEqual({
      items: [{ id: 20, quantity: 1, properties: { [SHOW_LINE_PROPERTY]: 'show1' } }],
    });
    expect(calls.some((c) => c.url.endsWith('/visitors') || c.url.endsWith('update.js'))).toBe(
      false,
    );
  });

  it('posts chat with the viewer id it keeps, and says when the viewer is blocked', async () => {
    const { root, player, calls } = await mount('live', 403);
    players.push(player);
    expect(await player.sendChat('Zoe', 'hello')).toBe(false);
    const post = calls.find((c) => c.url === `${PUBLIC}/chat`);
    const kept = localStorage.getItem('popstage:live-viewer');
    expect(kept).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(post).toMatchObject({
      method: 'POST',
      body: { viewerId: kept, name: 'Zoe', text: 'hello' },
    });
    expect(root.querySelector('[role=alert]')?.textContent).toBe(VIEWER_MESSAGES.blocked);
    expect(root.querySelector('.psl-msgs')?.textContent).not.toContain('hello');
  });

  it('shows its own message once, and refuses an empty one without asking', async () => {
    const { root, player, calls } = await mount('live');
    players.push(player);
    expect(await player.sendChat('Zoe', '   ')).toBe(false);
    expect(root.querySelector('[role=alert]')?.textContent).toBe('Write a message');
    expect(calls.some((c) => c.url.endsWith('/chat'))).toBe(false);
    expect(await player.sendChat('Zoe', 'so nice')).toBe(true);
    (FakeEventSource.last as FakeEventSource).send({
      type: 'chat',
      message: {
        id: 'own1',
        name: 'Zoe',
        text: 'so nice',
        at: '2026-12-01T18:03:00.000Z',
        seller: false,
      },
    });
    expect(root.querySelectorAll('[data-message="own1"]')).toHaveLength(1);
    expect(root.querySelector('[role=alert]')?.textContent).toBe('');
    expect(localStorage.getItem('popstage:live-name')).toBe('Zoe');
  });

  it('sends a presence heartbeat every PRESENCE_HEARTBEAT_SECONDS while the page is visible', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { player, calls } = await mount('live');
    players.push(player);
    const beats = () => calls.filter((c) => c.url === `${PUBLIC}/presence`).length;
    expect(beats()).toBe(1);
    vi.advanceTimersByTime(PRESENCE_HEARTBEAT_SECONDS * 1000);
    expect(beats()).toBe(2);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    vi.advanceTimersByTime(PRESENCE_HEARTBEAT_SECONDS * 3000);
    expect(beats()).toBe(2);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beats()).toBe(3);
    player.stop();
    vi.advanceTimersByTime(PRESENCE_HEARTBEAT_SECONDS * 3000);
    expect(beats()).toBe(3);
  });

  it('shrinks to the corner miniplayer and back, keeping the same playing video', async () => {
    const { root, player } = await mount('live');
    players.push(player);
    const video = root.querySelector('video');
    const shrink = byName(root, LIVE_TEXT.shrink);
    expect(shrink?.getAttribute('aria-pressed')).toBe('false');
    shrink?.click();
    expect(root.querySelector('section')?.classList.contains('psl-mini')).toBe(true);
    const expand = byName(root, LIVE_TEXT.expand);
    expect(expand).toBe(shrink);
    expect(expand?.getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(expand);
    expect(root.querySelector('video')).toBe(video);
    expand?.click();
    expect(root.querySelector('section')?.classList.contains('psl-mini')).toBe(false);
    expect(byName(root, LIVE_TEXT.shrink)?.getAttribute('aria-pressed')).toBe('false');
  });

  it('names every control', async () => {
    const { root, player } = await mount('live');
    players.push(player);
    for (const control of root.querySelectorAll<HTMLElement>('button, input')) {
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim();
      expect(name, control.outerHTML).toBeTruthy();
    }
  });
});

describe('a scheduled show', () => {
  it('says when it starts, with no video and no chat', async () => {
    const { root, player, calls } = await mount('scheduled');
    players.push(player);
    expect(root.querySelector('.psl-soon')?.textContent).toContain(LIVE_TEXT.soon);
    expect(root.querySelector('.psl-soon')?.textContent).toContain('Spring scarves');
    expect(root.querySelector('time')?.getAttribute('datetime')).toBe('2026-12-01T18:00:00.000Z');
    expect(root.querySelector('video')).toBeNull();
    expect(root.querySelector('.psl-form')).toBeNull();
    expect(calls.some((c) => c.url.startsWith(PUBLIC))).toBe(false);
    // Bought before the show starts: not the show's sale (no success fee on it).
    byName(root, 'Add to cart: Product 1')?.click();
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/cart/add.js'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/cart/add.js'))?.body).toEqual({
      items: [{ id: 10, quantity: 1, properties: {} }],
    });
  });
});

describe('a replay', () => {
  it('puts the pins on the timeline and the playhead’s product over the video', async () => {
    const { root, player, calls } = await mount('ended');
    players.push(player);
    const video = root.querySelector('video') as HTMLVideoElement;
    expect(video.src).toBe('https://media.example/show1/replay.mp4');
    expect(video.controls).toBe(true);
    Object.defineProperty(video, 'duration', { configurable: true, value: 20 });
    video.dispatchEvent(new Event('loadedmetadata'));
    const marks = root.querySelectorAll<HTMLButtonElement>('.psl-mark');
    expect(Array.from(marks, (m) => m.getAttribute('aria-label'))).toEqual([
      'Jump to Product 1 at 0:02',
      'Jump to Product 2 at 0:11',
    ]);
    expect(marks[1]?.style.left).toBe('55%');
    const pin = root.querySelector<HTMLElement>('.psl-pin');
    expect(pin?.hidden).toBe(true);
    video.currentTime = 5;
    video.dispatchEvent(new Event('timeupdate'));
    expect(pin?.textContent).toContain('Product 1');
    marks[1]?.click();
    expect(video.currentTime).toBe(11);
    video.dispatchEvent(new Event('timeupdate'));
    expect(pin?.textContent).toContain('Product 2');
    video.currentTime = 9.5;
    video.dispatchEvent(new Event('timeupdate'));
    expect(pin?.hidden).toBe(true);
    // A replay's sale is the show's too.
    byName(root, 'Add to cart: Product 2')?.click();
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/cart/add.js'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/cart/add.js'))?.body).toEqual({
      items: [{ id: 20, quantity: 1, properties: { [SHOW_LINE_PROPERTY]: 'show1' } }],
    });
  });
});

describe('no show', () => {
  it('leaves the block empty and takes back its reserved height', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ show: null, products: [] })),
    );
    const root = document.createElement('div');
    root.setAttribute('style', 'min-height: 600px');
    document.body.append(root);
    await new LivePlayer(root, { origin: ORIGIN, shop: SHOP }).start();
    expect(root.childElementCount).toBe(0);
    expect(root.getAttribute('style')).toBeNull();
  });
});
