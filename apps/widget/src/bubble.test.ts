import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyTap, SERVED_BUBBLE_ID, servedBubble, showBubble } from './bubble';
import { clip, feed, stubMediaPlayback } from './fixtures.test-util';
import { takeWarm } from './media';
import { FEATURED_DISMISSED, sessionFlag } from './session-flags';
import { BUBBLE_CSS } from './styles';
import type { LoaderShared, StorefrontFeed } from './types';

const EMBED = readFileSync(
  path.resolve(import.meta.dirname, '../../../extensions/popstage/blocks/app-embed.liquid'),
  'utf8',
);
const LOOP = 'https://app.example/storefront/v1/shops/demo/clips/c/loop?v=1';
const ladder = [
  { url: 'https://cdn.example/c-360.mp4', width: 360, height: 640, bitsPerSecond: 700_000 },
  { url: 'https://cdn.example/c-720.mp4', width: 720, height: 1280, bitsPerSecond: 2_000_000 },
];

/** The app embed's head script (app-embed.liquid), which builds the featured bubble. */
const BUBBLE_SCRIPT =
  /<script\s+id="popstage-bubble-script"[^>]*>([\s\S]*?)<\/script>/.exec(EMBED)?.[1] ?? '';

/**
 * Runs the app embed's head script as the page's head runs it, with the attributes Liquid gives
 * its <script> (jsdom runs no inline script, so it is called with its element): the bubble, on
 * <html> until the page is parsed.
 */
function runEmbedScript(data: { clip: string; title: string; loop: string }): void {
  const script = document.createElement('script');
  Object.assign(script.dataset, data);
  const body = BUBBLE_SCRIPT.replace('(document.currentScript)', '(currentScript)');
  new Function('currentScript', body)(script);
}

/**
 * The bubble as app-embed.liquid's script builds it for clip `id`: its loop's <source> already
 * chosen by the browser as the head was parsed.
 */
function renderServed(id = 'c'): HTMLVideoElement {
  document.getElementById(SERVED_BUBBLE_ID)?.remove();
  runEmbedScript({ clip: id, title: `Clip ${id}`, loop: LOOP });
  const video = document.querySelector(`#${SERVED_BUBBLE_ID} video`) as HTMLVideoElement;
  Object.defineProperty(video, 'currentSrc', { value: LOOP, configurable: true });
  return video;
}

function setReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: query.includes('no-preference') ? !reduce : reduce && query.includes('reduce'),
    addEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

/** The loop's download as the embed's script starts it: settled by the test. */
function stubLoopFetch() {
  let settle!: (answer: Response | Error) => void;
  const fetch = vi.fn(
    () =>
      new Promise<Response>((resolve, reject) => {
        settle = (answer) => (answer instanceof Error ? reject(answer) : resolve(answer));
      }),
  );
  vi.stubGlobal('fetch', fetch);
  const createObjectURL = vi.fn(() => 'blob:https://shop.example/loop-1');
  Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
  return { fetch, createObjectURL, settle: (answer: Response | Error) => settle(answer) };
}
const LOOP_BYTES = new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112]);

function setConnection(value: object | undefined) {
  Object.defineProperty(navigator, 'connection', { value, configurable: true });
}

function setReadyState(video: HTMLVideoElement, state: number) {
  Object.defineProperty(video, 'readyState', { value: state, configurable: true });
}

function show(data: StorefrontFeed, served: HTMLElement | null, tappedEarly = false) {
  const shared: LoaderShared = { feed: Promise.resolve(data) };
  const open = vi.fn();
  const prefetch = vi.fn();
  const clip = data.featured as NonNullable<StorefrontFeed['featured']>;
  showBubble(shared, data, clip, served, open, prefetch, tappedEarly);
  return { shared, open, prefetch };
}

beforeEach(() => {
  sessionStorage.clear();
  setReducedMotion(false);
  stubMediaPlayback();
  // The embed's script fetches the loop: never from the network here.
  stubLoopFetch();
});

afterEach(() => {
  vi.unstubAllGlobals();
  setConnection(undefined);
  for (const el of document.querySelectorAll(`#${SERVED_BUBBLE_ID}`)) el.remove();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('the bubble the app embed rendered', () => {
  it('is hydrated, not drawn again: its loop keeps loading from where the page began it', () => {
    const video = renderServed();
    const data = feed();
    const served = servedBubble(data);
    expect(served?.id).toBe(SERVED_BUBBLE_ID);
    const { open, prefetch } = show(data, served);

    expect(document.querySelectorAll('[data-popstage-float="featured"]')).toHaveLength(1);
    expect(document.querySelector('video')).toBe(video);
    // No src: a src would make the browser load the loop again from its first byte.
    expect(video.getAttribute('src')).toBeNull();
    expect(video.play).toHaveBeenCalled();
    // The poster waits under the loop (asked for only if the loop fails), before it in the box.
    const img = document.querySelector('.ps-box img') as HTMLImageElement;
    expect(img.nextElementSibling).toBe(video);
    expect(img.getAttribute('src')).toBeNull();
    // Placed where the merchant put it (desktop here: x 100 %, y 50 %).
    expect(served?.style.transform).toBe('translate(-100%, -50%)');

    const tile = document.querySelector('.ps-tile') as HTMLElement;
    tile.dispatchEvent(new Event('touchstart'));
    expect(prefetch).toHaveBeenCalled();
    tile.click();
    expect(open).toHaveBeenCalledWith(tile);
  });

  it('opens the viewer for a tap that came before the feed confirmed it', () => {
    renderServed();
    const tapped = earlyTap();
    const tile = document.querySelector('.ps-tile') as HTMLElement;
    tile.click();
    const data = feed();
    const { open } = show(data, servedBubble(data), tapped());
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(tile);
    // Remembered once: later taps are the hydrated bubble's own.
    tile.click();
    expect(open).toHaveBeenCalledTimes(2);

    renderServed();
    const none = earlyTap();
    const again = feed();
    expect(show(again, servedBubble(again), none()).open).not.toHaveBeenCalled();
  });

  it('closes for the session, and its loop stops loading', () => {
    const video = renderServed();
    const data = feed();
    show(data, servedBubble(data));
    (document.querySelector('.ps-x') as HTMLElement).click();
    expect(sessionFlag(FEATURED_DISMISSED)).toBe(true);
    expect(document.getElementById(SERVED_BUBBLE_ID)).toBeNull();
    expect(video.querySelector('source')).toBeNull();
    expect(video.load).toHaveBeenCalled();
  });

  it('is removed, its download stopped, when the feed does not confirm it', () => {
    const cases: [string, StorefrontFeed | null][] = [
      ['no feed', null],
      ['another featured clip', feed({ featured: clip('z') })],
      ['no featured clip', feed({ featured: null })],
      ['a holdout test', feed({ settings: { ...feed().settings, holdoutPercent: 10 } })],
    ];
    for (const [name, data] of cases) {
      const video = renderServed();
      expect(servedBubble(data), name).toBeNull();
      expect(document.getElementById(SERVED_BUBBLE_ID), name).toBeNull();
      expect(video.querySelector('source'), name).toBeNull();
    }
    renderServed();
    sessionStorage.setItem(FEATURED_DISMISSED, '1');
    expect(servedBubble(feed())).toBeNull();
  });

  it('shows the poster at once for reduced motion (its <source> matched no media query)', () => {
    setReducedMotion(true);
    const video = renderServed();
    Object.defineProperty(video, 'currentSrc', { value: '', configurable: true });
    const data = feed();
    show(data, servedBubble(data));
    expect(video.preload).toBe('none');
    expect(video.getAttribute('src')).toBeNull();
    expect(document.querySelector('.ps-box img')?.getAttribute('src')).toBe(
      'https://cdn.example/c.jpg',
    );
  });

  it("is the markup and rules of the loader's own bubble", () => {
    // Reduced motion: no download, the URL kept on the <source> (and for the loader).
    setReducedMotion(true);
    const { fetch } = stubLoopFetch();
    for (const line of BUBBLE_CSS.trim().split('\n')) expect(EMBED).toContain(line);
    expect(BUBBLE_SCRIPT).toContain('(document.currentScript)');
    const video = renderServed('c7');
    const el = document.getElementById(SERVED_BUBBLE_ID) as HTMLElement;
    expect(el.className).toBe('ps-float');
    expect(el.dataset.popstageFloat).toBe('featured');
    expect(el.dataset.popstageClip).toBe('c7');
    const tile = el.querySelector('button.ps-btn.ps-tile') as HTMLElement;
    expect(tile.getAttribute('type')).toBe('button');
    expect(tile.getAttribute('aria-label')).toBe('Play featured video: Clip c7');
    expect(el.querySelector('.ps-tile > .ps-box > video.ps-loop + .ps-play')?.textContent).toBe(
      '▶',
    );
    expect(el.querySelector('button.ps-x')?.getAttribute('aria-label')).toBe(
      'Close featured video',
    );
    for (const flag of ['muted', 'loop', 'playsinline', 'autoplay']) {
      expect(video.hasAttribute(flag), flag).toBe(true);
    }
    // Autoplay needs the muted state, which a script-made element only gets from the property.
    expect(video.muted).toBe(true);
    expect(video.preload).toBe('auto');
    expect(video.getAttribute('aria-hidden')).toBe('true');
    expect(video.dataset.src).toBe(LOOP);
    const source = video.querySelector('source') as HTMLSourceElement;
    expect(source.getAttribute('src')).toBe(LOOP);
    expect(source.type).toBe('video/mp4');
    // Shoppers who ask for reduced motion load nothing.
    expect(source.getAttribute('media')).toBe('(prefers-reduced-motion: no-preference)');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches the loop at once and plays it from memory, its URL left to no one else', async () => {
    const { fetch, createObjectURL, settle } = stubLoopFetch();
    runEmbedScript({ clip: 'c', title: 'Clip', loop: LOOP });
    const video = document.querySelector(`#${SERVED_BUBBLE_ID} video`) as HTMLVideoElement;
    const source = video.querySelector('source') as HTMLSourceElement;
    expect(fetch).toHaveBeenCalledWith(LOOP, {
      mode: 'cors',
      credentials: 'same-origin',
      priority: 'high',
    });
    // Nothing for the <video> (or the loader, which loads a data-src) to fetch a second time.
    expect(source.getAttribute('src')).toBeNull();
    expect(video.dataset.src).toBeUndefined();
    expect(video.load).not.toHaveBeenCalled();

    settle(new Response(LOOP_BYTES, { headers: { 'content-type': 'video/mp4' } }));
    await vi.waitFor(() => expect(video.load).toHaveBeenCalledTimes(1));
    expect(source.getAttribute('src')).toBe('blob:https://shop.example/loop-1');
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(LOOP_BYTES);

    // A theme whose CSP refuses blob: media: the URL itself, once.
    source.dispatchEvent(new Event('error'));
    expect(source.getAttribute('src')).toBe(LOOP);
    expect(video.load).toHaveBeenCalledTimes(2);
    source.dispatchEvent(new Event('error'));
    expect(video.load).toHaveBeenCalledTimes(2);
  });

  it("asks for the loop from the head's preload, in the mode and for the shoppers its fetch takes", () => {
    // The preload scanner's request is the one the script's fetch takes only when both ask in the
    // same mode with the same credentials (cors; crossorigin="anonymous" is same-origin).
    const link =
      /<link\s+rel="preload"\s+as="fetch"\s+href="\{\{ loop_url \| escape \}\}"([^>]*)>/.exec(
        EMBED,
      );
    expect(link?.[1]).toContain('crossorigin="anonymous"');
    expect(BUBBLE_SCRIPT).toContain(
      "fetch(url, { mode: 'cors', credentials: 'same-origin', priority: 'high' })",
    );
    // Only where the script fetches it: shoppers who ask for reduced motion get the poster.
    expect(link?.[1]).toContain('media="(prefers-reduced-motion: no-preference)"');
    expect(BUBBLE_SCRIPT).toContain("source.media = '(prefers-reduced-motion: no-preference)'");
    // The URL the script fetches is the same one.
    expect(EMBED).toContain('data-loop="{{ loop_url | escape }}"');
  });

  it('plays the URL itself when the download fails or is refused', async () => {
    for (const answer of [new Error('offline'), new Response('{}', { status: 404 })]) {
      document.getElementById(SERVED_BUBBLE_ID)?.remove();
      vi.mocked(HTMLMediaElement.prototype.load).mockClear();
      const { settle } = stubLoopFetch();
      runEmbedScript({ clip: 'c', title: 'Clip', loop: LOOP });
      const video = document.querySelector(`#${SERVED_BUBBLE_ID} video`) as HTMLVideoElement;
      settle(answer);
      await vi.waitFor(() => expect(video.load).toHaveBeenCalledTimes(1));
      expect(video.querySelector('source')?.getAttribute('src')).toBe(LOOP);
    }
  });

  it('sets no source when the bubble was closed while its loop downloaded', async () => {
    const { settle } = stubLoopFetch();
    runEmbedScript({ clip: 'c', title: 'Clip', loop: LOOP });
    const video = document.querySelector(`#${SERVED_BUBBLE_ID} video`) as HTMLVideoElement;
    (document.querySelector('.ps-x') as HTMLElement).click();
    vi.mocked(video.load).mockClear();
    settle(new Response(LOOP_BYTES));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(video.load).not.toHaveBeenCalled();
    expect(video.querySelector('source')).toBeNull();
  });

  it('is built from the head on <html>, and moved to the end of <body> once the page is parsed', () => {
    document.body.innerHTML = '<main><a href="/">Shop</a></main>';
    const video = renderServed();
    const el = document.getElementById(SERVED_BUBBLE_ID) as HTMLElement;
    expect(el.parentNode).toBe(document.documentElement);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    // The same element (its loop keeps playing), after the page's own content in the tab order.
    expect(document.body.lastElementChild).toBe(el);
    expect(el.querySelector('video')).toBe(video);
    expect(video.load).not.toHaveBeenCalled();
  });

  it("takes the merchant's title as text only", () => {
    runEmbedScript({ clip: 'c', title: '<img src=x onerror="alert(1)">"', loop: LOOP });
    const el = document.getElementById(SERVED_BUBBLE_ID) as HTMLElement;
    expect(el.querySelector('img')).toBeNull();
    expect(el.querySelector('.ps-tile')?.getAttribute('aria-label')).toBe(
      'Play featured video: <img src=x onerror="alert(1)">"',
    );
  });

  it('is not built for a shopper who closed it in this session', () => {
    sessionStorage.setItem(FEATURED_DISMISSED, '1');
    runEmbedScript({ clip: 'c', title: 'Clip', loop: LOOP });
    expect(document.getElementById(SERVED_BUBBLE_ID)).toBeNull();
    expect(document.querySelector('video')).toBeNull();
  });

  it('opens the viewer for a tap that came before the loader ran', () => {
    renderServed();
    (document.querySelector('.ps-tile') as HTMLElement).click();
    const tapped = earlyTap();
    const data = feed();
    const { open } = show(data, servedBubble(data), tapped());
    expect(open).toHaveBeenCalledTimes(1);
    // Hydrated: the embed's script no longer marks taps, the loader's handler opens the viewer.
    const el = document.getElementById(SERVED_BUBBLE_ID) as HTMLElement;
    el.removeAttribute('data-popstage-tapped');
    (document.querySelector('.ps-tile') as HTMLElement).click();
    expect(el.hasAttribute('data-popstage-tapped')).toBe(false);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('closes for the session, its loop stopped, when closed before the loader ran', () => {
    const video = renderServed();
    (document.querySelector('.ps-x') as HTMLElement).click();
    expect(sessionFlag(FEATURED_DISMISSED)).toBe(true);
    expect(document.getElementById(SERVED_BUBBLE_ID)).toBeNull();
    expect(video.querySelector('source')).toBeNull();
    expect(video.load).toHaveBeenCalled();
    // The loader then finds no bubble and draws none.
    expect(servedBubble(feed())).toBeNull();
  });
});

describe("the viewer's first file, warmed while the bubble shows", () => {
  const withLadder = () => {
    const featured = clip('c', { sources: ladder });
    return feed({ featured, clips: [featured] });
  };

  it("starts once the bubble's loop can play through, for the rendition the viewer picks", async () => {
    const video = renderServed();
    setReadyState(video, HTMLMediaElement.HAVE_METADATA);
    setConnection({ downlink: 1.6, effectiveType: '4g' });
    const data = withLadder();
    const { shared, prefetch } = show(data, servedBubble(data));
    // The link is the loop's first.
    expect(shared.warm).toBeUndefined();

    video.dispatchEvent(new Event('canplaythrough'));
    // The player too, when the browser is idle (jsdom: 300 ms).
    expect(prefetch).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(prefetch).toHaveBeenCalledTimes(1);
    const warm = shared.warm?.video;
    expect(shared.warm?.clipId).toBe('c');
    expect(warm?.getAttribute('src')).toBe('https://cdn.example/c-360.mp4');
    expect(warm?.preload).toBe('metadata');
    expect(warm?.muted).toBe(true);
    expect(warm?.isConnected).toBe(false);
    // The viewer takes it once, for its clip only.
    expect(takeWarm(shared, 'other')).toBeNull();
    expect(takeWarm(shared, 'c')).toBe(warm);
    expect(takeWarm(shared, 'c')).toBeNull();
  });

  it('is stopped when the shopper closes the bubble', () => {
    const video = renderServed();
    setReadyState(video, HTMLMediaElement.HAVE_ENOUGH_DATA);
    const data = withLadder();
    const { shared } = show(data, servedBubble(data));
    const warm = shared.warm?.video as HTMLVideoElement;
    expect(warm.getAttribute('src')).toBe('https://cdn.example/c-720.mp4');
    (document.querySelector('.ps-x') as HTMLElement).click();
    expect(warm.getAttribute('src')).toBeNull();
    expect(shared.warm).toBeNull();
  });

  it('costs nothing to shoppers who ask for reduced motion or to save data', () => {
    for (const arrange of [() => setReducedMotion(true), () => setConnection({ saveData: true })]) {
      arrange();
      const video = renderServed();
      setReadyState(video, HTMLMediaElement.HAVE_ENOUGH_DATA);
      const data = withLadder();
      const { shared } = show(data, servedBubble(data));
      video.dispatchEvent(new Event('canplaythrough'));
      expect(shared.warm).toBeUndefined();
      setReducedMotion(false);
      setConnection(undefined);
    }
  });
});
