import { attachLoop, posterUnlessLoop } from './media';
import { currentDevice, positionFor, positionStyle } from './position';
import { FEATURED_DISMISSED, sessionFlag, setSessionFlag } from './session-flags';
import { CSS } from './styles';
import type { StorefrontFeed } from './types';

/**
 * The app embed's loader (extensions/popstage/assets/popstage-loader.js, under 10,000 bytes as
 * Shopify's theme-check asks): it fetches the feed, shows the featured bubble (poster and silent
 * loop) and fetches the player (the app's /storefront/v1/widget.js) only when a clip is on
 * screen: at idle once the bubble shows, when a carousel or product row comes near the viewport,
 * or when the shopper reaches for the bubble.
 */
interface PlayerHandle {
  ready: Promise<void>;
  openFeatured(opener: HTMLElement): void;
}
type LoaderWindow = Window & {
  Popstage?: PlayerHandle;
  PopstageLoader?: { feed: Promise<StorefrontFeed | null> };
};

const INLINE = '[data-popstage-carousel],[data-popstage-product]';

function boot(): void {
  const w = window as LoaderWindow;
  const script = document.currentScript as HTMLScriptElement | null;
  const shop = script?.dataset.shop;
  const app = script?.dataset.appUrl?.replace(/\/+$/, '');
  if (!shop || !app || w.PopstageLoader) return;
  const base = `${app}/storefront/v1/shops/${encodeURIComponent(shop)}`;
  // The app embed preloads this URL (crossorigin="anonymous"): the same mode and credentials take
  // the preloaded answer. Cross-origin, as the app is on a Shopify storefront, no cookie is sent.
  const feed = fetch(`${base}/feed`, { mode: 'cors', credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<StorefrontFeed>) : null))
    .catch(() => null);
  w.PopstageLoader = { feed };

  let player: Promise<PlayerHandle | undefined> | null = null;
  const load = () => {
    player ??= new Promise((resolve) => {
      const tag = document.createElement('script');
      tag.src = `${app}/storefront/v1/widget.js`;
      tag.dataset.shop = shop;
      tag.async = true;
      tag.onload = () => resolve(w.Popstage);
      tag.onerror = () => resolve(undefined);
      document.head.append(tag);
    });
    return player;
  };

  const start = async () => {
    const data = await feed;
    if (!data) return;
    // While a holdout test runs the player decides, once it knows the visitor's group, whether
    // anything shows: the loader draws nothing itself.
    if (data.settings.holdoutPercent > 0) {
      void load();
      return;
    }
    if (!document.getElementById('popstage-style')) {
      const style = document.createElement('style');
      style.id = 'popstage-style';
      style.textContent = CSS;
      document.head.append(style);
    }
    const clip = data.featured;
    if (clip && !sessionFlag(FEATURED_DISMISSED)) {
      showBubble(
        data,
        clip,
        async (opener) => {
          const handle = await load();
          await handle?.ready;
          handle?.openFeatured(opener);
        },
        load,
      );
      afterLoad(load);
    }
    watchInline(load);
  };
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => void start(), { once: true });
  } else void start();
}

function showBubble(
  feed: StorefrontFeed,
  clip: NonNullable<StorefrontFeed['featured']>,
  open: (opener: HTMLElement) => void,
  prefetch: () => unknown,
): void {
  const el = document.createElement('div');
  el.className = 'ps-float';
  el.dataset.popstageFloat = 'featured';
  el.dataset.popstageLoader = 'true';
  const button = document.createElement('button');
  button.className = 'ps-btn ps-tile';
  button.type = 'button';
  button.setAttribute('aria-label', `Play featured video: ${clip.title || 'video'}`);
  button.addEventListener('click', () => open(button));
  // Reaching for the bubble fetches the player before the click lands.
  for (const type of ['pointerenter', 'focus', 'touchstart']) {
    button.addEventListener(type, prefetch, { once: true, passive: true });
  }
  const box = document.createElement('span');
  box.className = 'ps-box';
  let img: HTMLImageElement | null = null;
  if (clip.posterUrl) {
    img = document.createElement('img');
    img.alt = '';
    img.width = clip.width ?? 9;
    img.height = clip.height ?? 16;
    box.append(img);
  }
  const play = document.createElement('span');
  play.className = 'ps-play';
  play.setAttribute('aria-hidden', 'true');
  play.textContent = '▶';
  box.append(play);
  button.append(box);
  const close = document.createElement('button');
  close.className = 'ps-btn ps-x';
  close.type = 'button';
  close.setAttribute('aria-label', 'Close featured video');
  close.textContent = '×';
  close.addEventListener('click', () => {
    setSessionFlag(FEATURED_DISMISSED);
    el.remove();
  });
  el.append(button, close);
  Object.assign(el.style, positionStyle(positionFor(feed.positions?.featured, currentDevice())));
  document.body.append(el);
  // Fixed on screen from the start: its loop is fetched now, not when an observer reports it.
  const loop = attachLoop(box, clip.previewUrl, { eager: true });
  if (img && clip.posterUrl) posterUnlessLoop(img, clip.posterUrl, loop);
}

/** The player for a bubble on screen: after the page's own load, when the browser is idle. */
function afterLoad(load: () => unknown): void {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(() => load()) : setTimeout(load, 300);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

/** Carousels and product rows: the player when one comes within a screen of the viewport. */
function watchInline(load: () => unknown): void {
  const rows = document.querySelectorAll(INLINE);
  if (rows.length === 0) return;
  if (typeof IntersectionObserver !== 'function') {
    load();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      load();
    },
    { rootMargin: '100% 0px' },
  );
  for (const row of rows) observer.observe(row);
}

boot();
