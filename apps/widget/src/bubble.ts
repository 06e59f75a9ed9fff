import { reducedMotion, whenIdle } from './dom';
import { attachLoop, dropWarm, posterUnlessLoop, stopVideo, warmViewer, watchLoop } from './media';
import { currentDevice, positionFor, positionStyle } from './position';
import { FEATURED_DISMISSED, sessionFlag, setSessionFlag } from './session-flags';
import type { LoaderShared, StorefrontClip, StorefrontFeed } from './types';

/**
 * The featured bubble as the loader shows it. When the app embed rendered it in the page
 * (extensions/popstage/blocks/app-embed.liquid, from the app's popstage.featured_bubble
 * metafield), its loop has been loading since the page was parsed: the loader hydrates that
 * element, once the feed confirms it, instead of drawing another.
 */

/** The id of the bubble the app embed renders (its markup is the one bubbleElement makes). */
export const SERVED_BUBBLE_ID = 'popstage-bubble';

type Clip = NonNullable<StorefrontFeed['featured']>;

/**
 * A tap on the rendered bubble before the feed has confirmed it: remembered, and replayed by
 * showBubble. The embed's own script marks taps that came before the loader ran (the bubble shows
 * from the page's head; the loader runs later), the listener here those until the feed is in.
 */
export function earlyTap(): () => boolean {
  const tile = document.querySelector(`#${SERVED_BUBBLE_ID} .ps-tile`);
  let tapped = !!tile?.parentElement?.hasAttribute('data-popstage-tapped');
  const remember = () => {
    tapped = true;
  };
  tile?.addEventListener('click', remember);
  return () => {
    tile?.removeEventListener('click', remember);
    return tapped;
  };
}

/**
 * The app embed's bubble when the feed confirms it: the feed's featured clip, no holdout test
 * (the player decides then who sees anything), not closed in this session. Any other is removed,
 * its download stopped: the metafield can lag the feed (a featured clip changed a moment ago).
 */
export function servedBubble(feed: StorefrontFeed | null): HTMLElement | null {
  const el = document.getElementById(SERVED_BUBBLE_ID);
  if (!el) return null;
  const confirmed =
    feed?.featured &&
    feed.settings.holdoutPercent === 0 &&
    el.dataset.popstageClip === feed.featured.id &&
    !sessionFlag(FEATURED_DISMISSED);
  if (confirmed) return el;
  removeBubble(el);
  return null;
}

function removeBubble(el: HTMLElement): void {
  for (const video of el.querySelectorAll('video')) stopVideo(video);
  el.remove();
}

/** The bubble's markup (the app embed renders the same, with id SERVED_BUBBLE_ID). */
function bubbleElement(clip: StorefrontClip): HTMLElement {
  const el = document.createElement('div');
  el.className = 'ps-float';
  el.dataset.popstageFloat = 'featured';
  el.innerHTML =
    '<button class="ps-btn ps-tile" type="button"><span class="ps-box"><span class="ps-play" aria-hidden="true">▶</span></span></button><button class="ps-btn ps-x" type="button" aria-label="Close featured video">×</button>';
  el.firstElementChild?.setAttribute('aria-label', `Play featured video: ${clip.title || 'video'}`);
  return el;
}

/**
 * Shows the featured bubble (served: the app embed's, confirmed by servedBubble), opening the
 * viewer on a tap, fetching the player as the shopper reaches for it, and warming the viewer's
 * first file while it is on screen. Answers the bubble's element.
 */
export function showBubble(
  shared: LoaderShared,
  feed: StorefrontFeed,
  clip: Clip,
  served: HTMLElement | null,
  open: (opener: HTMLElement) => void,
  prefetch: () => unknown,
  tappedEarly = false,
): HTMLElement {
  const el = served ?? bubbleElement(clip);
  // The embed's script leaves taps and closes to the handlers below from now on.
  el.setAttribute('data-popstage-hydrated', '');
  const button = el.querySelector('.ps-tile') as HTMLElement;
  const box = el.querySelector('.ps-box') as HTMLElement;
  button.addEventListener('click', () => open(button));
  // Reaching for the bubble fetches the player before the click lands.
  for (const type of ['pointerenter', 'focus', 'touchstart']) {
    button.addEventListener(type, prefetch, { once: true, passive: true });
  }
  el.querySelector('.ps-x')?.addEventListener('click', () => {
    setSessionFlag(FEATURED_DISMISSED);
    dropWarm(shared);
    removeBubble(el);
  });
  Object.assign(el.style, positionStyle(positionFor(feed.positions?.featured, currentDevice())));
  let img: HTMLImageElement | null = null;
  if (clip.posterUrl) {
    img = document.createElement('img');
    img.alt = '';
    img.width = clip.width ?? 9;
    img.height = clip.height ?? 16;
    box.prepend(img);
  }
  const video = box.querySelector('video');
  let loop: HTMLVideoElement | null;
  if (video) {
    // Its <source> is left out for reduced motion: the poster shows instead (posterUnlessLoop).
    if (reducedMotion()) video.preload = 'none';
    loop = watchLoop(video);
  } else {
    document.body.append(el);
    // Fixed on screen from the start: its loop is fetched now, not when an observer reports it.
    loop = attachLoop(box, clip.previewUrl, { eager: true });
  }
  if (img && clip.posterUrl) posterUnlessLoop(img, clip.posterUrl, loop);
  // The player too, when the browser is idle: a tap then opens the viewer without waiting for it
  // (it comes after the page's load otherwise; the loop's first frame delays that event).
  warmViewer(shared, clip, loop, () => whenIdle(prefetch));
  if (served && tappedEarly) open(button);
  return el;
}
