import { type ConnectionHints, chooseSource } from '@popstage/core/storefront';
import { h, reducedMotion } from './dom';
import { currentDevice } from './position';
import type { LoaderShared, StorefrontClip } from './types';

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
 * single file. `player` is the element, or the box it will have (viewerBox).
 */
export function sourceFor(
  clip: StorefrontClip,
  player: Element | { width: number; height: number },
): string | null {
  const rect = 'getBoundingClientRect' in player ? player.getBoundingClientRect() : player;
  const size = {
    width: rect.width || window.innerWidth,
    height: rect.height || window.innerHeight,
    pixelRatio: window.devicePixelRatio || 1,
  };
  return chooseSource(clip.sources ?? [], size, connection())?.url ?? clip.videoUrl;
}

/**
 * The viewer's video box before the viewer exists (styles.ts VIEWER_CSS): the phone's whole
 * screen, or on a desktop the 9:16 stage at most 860 px tall, 24 px from the window's edges.
 */
function viewerBox(): { width: number; height: number } {
  if (currentDevice() === 'mobile') return { width: innerWidth, height: innerHeight };
  const height = Math.min(innerHeight - 48, 860);
  return { width: (height * 9) / 16, height };
}

/**
 * Warms the viewer's first file while the bubble is on screen: a detached <video
 * preload=metadata> of the rendition the viewer will choose, which the viewer plays in place of a
 * new element (Viewer, widget.ts), so a tap plays from bytes already here. It starts once the
 * bubble's loop can play through (the phone's link is the loop's first), never for shoppers who
 * ask for reduced motion or to save data; a shopper who never taps pays the file's metadata and
 * first bytes only (docs/decisions.md, issue 29 point 4). `andThen` runs as it starts.
 */
export function warmViewer(
  shared: LoaderShared,
  clip: StorefrontClip,
  loop: HTMLVideoElement | null,
  andThen: () => void,
): void {
  const url = sourceFor(clip, viewerBox());
  if (!url || reducedMotion() || connection().saveData) return;
  const begin = () => {
    if (shared.warm !== undefined) return;
    const video = h('video', { playsinline: true, preload: 'metadata' });
    video.muted = true;
    video.src = url;
    shared.warm = { clipId: clip.id, video };
    andThen();
  };
  if (!loop || loop.readyState >= HTMLMediaElement.HAVE_ENOUGH_DATA) begin();
  else for (const type of ['canplaythrough', 'error']) loop.addEventListener(type, begin, ONCE);
}

/** Stops the warm file's download for good (the shopper closed the bubble). */
export function dropWarm(shared: LoaderShared): void {
  const video = shared.warm?.video;
  if (video) stopVideo(video);
  shared.warm = null;
}

/** The warm element when it holds this clip: the viewer takes it (once). */
export function takeWarm(
  shared: LoaderShared | undefined,
  clipId: string,
): HTMLVideoElement | null {
  const warm = shared?.warm;
  if (!shared || !warm || warm.clipId !== clipId) return null;
  shared.warm = null;
  return warm.video;
}

/** Ends a video's download: no source left, the load algorithm aborts the fetch. */
export function stopVideo(video: HTMLVideoElement): void {
  video.pause?.();
  video.removeAttribute('src');
  video.replaceChildren();
  video.load?.();
}

const ONCE = { once: true };

let visibility: IntersectionObserver | null = null;
const loops = new Set<HTMLVideoElement>();
let motionWatched = false;

/** Plays a loop only while on screen and motion is welcome; pauses it otherwise. */
function update(video: HTMLVideoElement, onScreen: boolean): void {
  if (onScreen && !reducedMotion()) {
    // Not loaded yet: a lazy loop, or a server-rendered one whose <source> was left out for
    // reduced motion. One playing its <source> is left alone: a src would load it again.
    if (!video.src && !video.currentSrc && video.dataset.src) video.src = video.dataset.src;
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
  return watchLoop(video);
}

/**
 * Plays and pauses a loop with its visibility and the shopper's motion preference (also when that
 * changes while the page is open): the loops attachLoop makes, and the featured bubble's when the
 * app embed rendered it in the page.
 */
export function watchLoop(video: HTMLVideoElement): HTMLVideoElement {
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
