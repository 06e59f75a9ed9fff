import { earlyTap, servedBubble, showBubble } from './bubble';
import { reducedMotion, whenIdle } from './dom';
import { FEATURED_DISMISSED, sessionFlag } from './session-flags';
import { BUBBLE_CSS } from './styles';
import type { LoaderShared, StorefrontFeed } from './types';

/**
 * The app embed's loader (extensions/popstage/assets/popstage-loader.js, under 10,000 bytes as
 * Shopify's theme-check asks; loaded async from the page's head): it fetches the feed, shows the
 * featured bubble (poster and silent loop; it hydrates the one the app embed built in the page
 * when there is one, bubble.ts),
 * warms the viewer's first file, and fetches the player (the app's /storefront/v1/widget.js) only
 * when a clip is on screen: at idle once the bubble shows, when a carousel or product row comes
 * near the viewport, or when the shopper reaches for the bubble.
 */
interface PlayerHandle {
  ready: Promise<void>;
  openFeatured(opener: HTMLElement): void;
}
type LoaderWindow = Window & {
  Popstage?: PlayerHandle;
  PopstageLoader?: LoaderShared;
};

const INLINE = '[data-popstage-carousel],[data-popstage-product]';
/** The live-show theme block: its player is a script of its own, with no use for the feed. */
const LIVE = '[data-popstage-live]';

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
  const shared: LoaderShared = { feed };
  w.PopstageLoader = shared;

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

  // The app embed loads this script async: it may run while the page is still being parsed.
  const parsed = new Promise<void>((resolve) => {
    if (document.readyState !== 'loading') resolve();
    else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
  });
  const tapped = earlyTap();
  const start = async () => {
    // The live player comes with or without a feed, once the page (and its live block) is parsed.
    void parsed.then(() =>
      whenNear(LIVE, () => {
        const tag = document.createElement('script');
        tag.src = `${app}/storefront/v1/live.js`;
        tag.dataset.shop = shop;
        tag.async = true;
        document.head.append(tag);
      }),
    );
    const data = await feed;
    // Kept only when the feed confirms it (removed with no feed, a holdout test, another clip).
    // The embed's bubble is hydrated at once, even mid-parse: its warm file and the player start
    // while a long page is still being parsed.
    const served = servedBubble(data);
    if (!data) return;
    // While a holdout test runs the player decides, once it knows the visitor's group, whether
    // anything shows: the loader draws nothing itself.
    if (data.settings.holdoutPercent > 0) {
      void load();
      return;
    }
    // The bubble's rules only (the player adds the rows' with its own), unless the app embed
    // inlined them with its bubble.
    if (!served && !document.getElementById('popstage-bubble-style')) {
      const style = document.createElement('style');
      style.id = 'popstage-bubble-style';
      style.textContent = BUBBLE_CSS;
      document.head.append(style);
    }
    const clip = data.featured;
    // A bubble the loader draws itself goes at the end of <body>: once the page is parsed.
    if (!served) await parsed;
    if (clip && !sessionFlag(FEATURED_DISMISSED)) {
      const bubble = showBubble(
        shared,
        data,
        clip,
        served,
        async (opener) => {
          const handle = await load();
          await handle?.ready;
          handle?.openFeatured(opener);
        },
        load,
        tapped(),
      );
      afterLoad(load, bubble);
    }
    await parsed;
    // The bubble's loop has the phone's link first: a row's player (tens of KB) waits for the
    // loop's first frame, or FIRST_FRAME_WAIT_MS.
    if (served) await firstFrame(served);
    whenNear(INLINE, load);
  };
  void start();
}

/** At most this long a row's player waits for the bubble's first frame. */
const FIRST_FRAME_WAIT_MS = 1500;

function firstFrame(bubble: HTMLElement): Promise<void> {
  const video = bubble.querySelector('video');
  if (!video || video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA || reducedMotion()) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    for (const type of ['loadeddata', 'error']) {
      video.addEventListener(type, () => resolve(), { once: true });
    }
    setTimeout(resolve, FIRST_FRAME_WAIT_MS);
  });
}

/**
 * The player for a bubble on screen: after the page's own load and the bubble's first frame,
 * when the browser is idle (or sooner, once the bubble's loop can play through: bubble.ts). The
 * page's load does not wait for the loop (it comes by fetch), and the player's download and
 * evaluation delayed the loop's first frame on a throttled phone.
 */
function afterLoad(load: () => unknown, bubble: HTMLElement): void {
  const idle = () => void firstFrame(bubble).then(() => whenIdle(load));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

/**
 * Carousels, product rows and the live show: their player when one comes within a screen of the
 * viewport (once).
 */
function whenNear(selector: string, load: () => unknown): void {
  const rows = document.querySelectorAll(selector);
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
