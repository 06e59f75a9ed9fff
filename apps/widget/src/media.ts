import { type ConnectionHints, chooseSource } from '@popstage/core/storefront';
import { h, reducedMotion } from './dom';
import type { StorefrontClip } from './types';

/** navigator.connection where the browser has it (Chromium); others answer nothing. */
function connection(): ConnectionHints {
  const info = (navigator as Navigator & { connection?: ConnectionHints }).connection;
  return info
    ? { effectiveType: info.effectiveType, downlink: info.downlink, saveData: info.saveData }
    : {};
}

/**
 * The file a player of this size plays (core's chooseSource over the clip's ladder): a phone on
 * a slow connection gets 360p, a desktop viewer 720p or more. Clips without a ladder play their
 * single file.
 */
export function sourceFor(clip: StorefrontClip, player: Element): string | null {
  const rect = player.getBoundingClientRect();
  const size = {
    width: rect.width || window.innerWidth,
    height: rect.height || window.innerHeight,
    pixelRatio: window.devicePixelRatio || 1,
  };
  return chooseSource(clip.sources ?? [], size, connection())?.url ?? clip.videoUrl;
}

let visibility: IntersectionObserver | null = null;
const loops = new Set<HTMLVideoElement>();
let motionWatched = false;

/** Plays a loop only while on screen and motion is welcome; pauses it otherwise. */
function update(video: HTMLVideoElement, onScreen: boolean): void {
  if (onScreen && !reducedMotion()) {
    if (!video.src && video.dataset.src) video.src = video.dataset.src;
    video.play?.()?.catch(() => {});
  } else {
    video.pause?.();
  }
}

/**
 * The silent preview loop of a bubble, miniplayer or tile: loaded only when it first comes on
 * screen, paused off-screen and whenever the shopper asks for reduced motion (also when that
 * changes while the page is open). The poster stays underneath, so nothing shifts.
 */
export function attachLoop(
  box: HTMLElement,
  url: string | null,
  options: { eager?: boolean } = {},
): HTMLVideoElement | null {
  if (!url) return null;
  // An eager loop (the featured bubble, fixed on screen) starts loading at once: its first frame
  // should move within a second of navigation on a phone (issue 29).
  const eager = options.eager === true && !reducedMotion();
  const video = h('video', {
    class: 'ps-loop',
    muted: true,
    loop: true,
    playsinline: true,
    preload: eager ? 'auto' : 'none',
    'aria-hidden': 'true',
    'data-src': url,
  });
  video.muted = true;
  if (eager) video.src = url;
  // Over the poster (which shows until the loop has a frame), under the play sign and counts.
  const poster = box.querySelector('img');
  if (poster) poster.after(video);
  else box.prepend(video);
  loops.add(video);
  if (!motionWatched) {
    motionWatched = true;
    window.matchMedia?.('(prefers-reduced-motion: reduce)').addEventListener?.('change', () => {
      for (const loop of loops) update(loop, loop.dataset.onScreen === '1');
    });
  }
  if (typeof IntersectionObserver !== 'function') {
    video.dataset.onScreen = '1';
    update(video, true);
    return video;
  }
  visibility ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const loop = entry.target as HTMLVideoElement;
      loop.dataset.onScreen = entry.isIntersecting ? '1' : '';
      update(loop, entry.isIntersecting);
    }
  });
  visibility.observe(video);
  return video;
}

/** Stops watching a loop whose element left the page. */
export function detachLoops(root: ParentNode): void {
  for (const video of root.querySelectorAll<HTMLVideoElement>('video.ps-loop')) {
    visibility?.unobserve(video);
    loops.delete(video);
  }
}

/** How long a bubble waits for its loop's first frame before it shows the poster instead. */
export const POSTER_FALLBACK_MS = 3000;

/**
 * The featured bubble's picture is its loop's first frame: the poster (larger than the loop's
 * first seconds) would take a phone's link before the loop (issue 29: the bubble moving within a
 * second), so it is asked for only when the loop does not come: no eager loop (reduced motion),
 * a failed load, or no frame within POSTER_FALLBACK_MS. No fetchpriority=high on it either: it
 * would share the link with the page's own LCP image, which the app must not delay.
 */
export function posterUnlessLoop(
  img: HTMLImageElement,
  url: string,
  loop: HTMLVideoElement | null,
): void {
  const show = () => {
    if (!img.getAttribute('src')) img.src = url;
  };
  if (loop?.preload !== 'auto') {
    show();
    return;
  }
  loop.addEventListener('error', show, { once: true });
  setTimeout(() => {
    if (loop.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) show();
  }, POSTER_FALLBACK_MS);
}
