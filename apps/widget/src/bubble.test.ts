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

/**
 * The bubble as app-embed.liquid renders it for clip `id` (whitespace between tags as Liquid
 * leaves it): its loop's <source> already chosen by the browser as the page was parsed.
 */
function renderServed(id = 'c'): HTMLVideoElement {
  document.body.innerHTML = `
    <div id="${SERVED_BUBBLE_ID}" class="ps-float" data-popstage-float="featured" data-popstage-clip="${id}">
      <button class="ps-btn ps-tile" type="button" aria-label="Play featured video: Clip ${id}">
        <span class="ps-box">
          <video class="ps-loop" muted loop playsinline autoplay preload="auto" aria-hidden="true" data-src="${LOOP}">
            <source src="${LOOP}" type="video/mp4" media="(prefers-reduced-motion: no-preference)">
          </video>
          <span class="ps-play" aria-hidden="true">▶</span>
        </span>
      </button>
      <button class="ps-btn ps-x" type="button" aria-label="Close featured video">×</button>
    </div>`;
  const video = document.querySelector('video') as HTMLVideoElement;
  Object.defineProperty(video, 'currentSrc', { value: LOOP, configurable: true });
  return video;
}

function setReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('reduce'),
    addEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

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
});

afterEach(() => {
  setConnection(undefined);
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

  it('is the markup, rules and session flag of app-embed.liquid', () => {
    for (const line of BUBBLE_CSS.trim().split('\n')) expect(EMBED).toContain(line);
    expect(EMBED).toContain(`id="${SERVED_BUBBLE_ID}"`);
    expect(EMBED).toContain('data-popstage-float="featured"');
    expect(EMBED).toContain('data-popstage-clip="{{ bubble.clip | escape }}"');
    expect(EMBED).toContain('class="ps-btn ps-tile"');
    expect(EMBED).toContain('class="ps-loop"');
    expect(EMBED).toContain('media="(prefers-reduced-motion: no-preference)"');
    expect(EMBED).toContain(`sessionStorage.getItem('${FEATURED_DISMISSED}') === '1'`);
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
