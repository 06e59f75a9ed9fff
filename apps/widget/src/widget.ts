import { formatCompactNumber, formatCount, formatCurrency } from '@popstage/core/format';
import { createApi } from './api';
import { setCaptionTracks, showCaptions } from './captions';
import { addToCart, tagCart } from './cart';
import { analyticsAllowed, watchConsent } from './consent';
import { focusables, h, reducedMotion } from './dom';
import { EventQueue, type Transport } from './events';
import { heldOut } from './holdout';
import { videoJsonLd } from './jsonld';
import { attachLoop, detachLoops, sourceFor, takeWarm } from './media';
import { carouselClips, featuredPlaylist, productClips } from './placements';
import { currentDevice, MOBILE_QUERY, positionFor, positionStyle } from './position';
import { FEATURED_DISMISSED, sessionFlag, setSessionFlag } from './session-flags';
import { CSS, VIEWER_CSS } from './styles';
import type {
  Device,
  EventType,
  LoaderShared,
  StorefrontClip,
  StorefrontFeed,
  StorefrontProduct,
} from './types';
import { sessionId, Visitor } from './visitor';

export interface WidgetOptions {
  /** The app's origin, where /storefront/v1 lives (the widget script's own origin). */
  origin: string;
  /** The shop's myshopify domain. */
  shop: string;
  transport?: Transport;
}

const VIEW_AFTER_SECONDS = 2;
const EAGER_TILES = 4;
const CAROUSEL_SELECTOR = '[data-popstage-carousel]';
const PRODUCT_SELECTOR = '[data-popstage-product]';

type Float = { el: HTMLElement; player: 'featured' | 'miniplayer' };

/** The storefront player: inline rows, the featured bubble, the miniplayer and the viewer. */
export class Widget {
  feed: StorefrontFeed | null = null;
  /** Settles once start() has run (main.ts); the loader waits on it before opening a clip. */
  ready: Promise<void> = Promise.resolve();
  readonly queue: EventQueue;
  readonly visitor: Visitor;
  private readonly api;
  private liked: Set<string> | null = null;
  private observer: IntersectionObserver | null = null;
  private floats: Float[] = [];
  private viewer: Viewer | null = null;

  constructor(options: WidgetOptions) {
    this.api = createApi(options.origin, options.shop);
    const visitor = new Visitor(options.shop, this.api.issueVisitor);
    this.visitor = visitor;
    // Read when a batch goes out: no id is asked for or stored before analytics are allowed.
    const ids = {
      get visitorId() {
        return visitor.signed;
      },
      get sessionId() {
        return sessionId();
      },
    };
    this.queue = new EventQueue(this.api.eventsUrl, ids, options.transport);
    this.queue.enabled = analyticsAllowed();
    watchConsent((allowed) => {
      this.queue.enabled = allowed;
      if (allowed) void this.identify();
    });
  }

  /** Gets the visitor's id (stored, or issued by the app), then sends what waited for it. */
  private async identify(): Promise<string> {
    const id = await this.visitor.ensure();
    if (id) this.queue.resume();
    return id;
  }

  get device(): Device {
    return currentDevice();
  }

  async start(): Promise<void> {
    if (!document.getElementById('popstage-style')) {
      document.head.append(h('style', { id: 'popstage-style' }, CSS));
    }
    if (!document.getElementById('popstage-viewer-style')) {
      document.head.append(h('style', { id: 'popstage-viewer-style' }, VIEWER_CSS));
    }
    // The loader (extensions/popstage/assets) fetched the feed already: one request per page.
    this.feed = await (loaderShared()?.feed ?? this.api.feed());
    const hidden =
      !this.feed ||
      (this.queue.enabled &&
        (await heldOut(this.feed.settings.holdoutPercent, this.visitor, this.api.reportVisit)));
    if (!this.feed || hidden) {
      // No feed (unknown shop, network) or held out: free the space the theme blocks reserved.
      this.feed = null;
      for (const el of document.querySelectorAll<HTMLElement>(
        `${CAROUSEL_SELECTOR},${PRODUCT_SELECTOR}`,
      )) {
        el.style.minHeight = '';
      }
      return;
    }
    this.queue.listen();
    if (this.queue.enabled) void this.identify();
    this.renderInline();
    this.renderFeatured();
    window.matchMedia?.(MOBILE_QUERY).addEventListener?.('change', () => this.placeFloats());
    // The theme editor re-renders sections in place: render the new elements.
    document.addEventListener('shopify:section:load', () => this.renderInline());
  }

  /** Carousel and product-page elements not rendered yet. */
  renderInline(root: ParentNode = document): void {
    const feed = this.feed;
    if (!feed) return;
    for (const el of root.querySelectorAll<HTMLElement>(CAROUSEL_SELECTOR)) {
      if (el.dataset.popstageRendered) continue;
      const id = el.dataset.popstageCarousel ?? 'all';
      const carousel = feed.carousels.find((c) => c.id === id);
      this.renderRow(el, carouselClips(feed, id), carousel?.title ?? '');
    }
    for (const el of root.querySelectorAll<HTMLElement>(PRODUCT_SELECTOR)) {
      if (el.dataset.popstageRendered) continue;
      const clips = productClips(feed, el.dataset.popstageProduct ?? '', this.device);
      this.renderRow(el, clips, '');
      for (const clip of clips) {
        if (!document.head.querySelector(`script[data-popstage="${CSS_escape(clip.id)}"]`)) {
          document.head.append(videoJsonLd(clip));
        }
      }
    }
  }

  private renderRow(el: HTMLElement, clips: StorefrontClip[], title: string): void {
    el.dataset.popstageRendered = 'true';
    el.replaceChildren();
    // A filled row keeps its reserved height (shrinking would shift the page); an empty one frees it.
    if (!clips.length) {
      el.style.minHeight = '';
      return;
    }
    const label = title || el.dataset.popstageLabel || 'Shoppable videos';
    const heading = title ? h('h2', {}, title) : null;
    const list = h('ul', { class: 'ps-list', role: 'list' });
    clips.forEach((clip, index) => {
      const tile = h(
        'button',
        {
          class: 'ps-btn ps-tile',
          type: 'button',
          'aria-label': `Play video: ${clip.title || `${index + 1} of ${clips.length}`}`,
          onclick: (event: Event) => this.open(clips, index, event.currentTarget as HTMLElement),
        },
        // The first tiles are often above the fold (and the page's largest image): not lazy.
        this.box(clip, index >= EAGER_TILES),
        // Always there, even untitled: the row's height is what the theme block reserved.
        h('span', { class: 'ps-cap', 'aria-hidden': 'true' }, clip.title),
      );
      list.append(h('li', {}, tile));
      attachLoop(tile.querySelector<HTMLElement>('.ps-box') as HTMLElement, clip.previewUrl);
      this.observe(tile, clip.id);
    });
    el.append(h('section', { class: 'ps-row', 'aria-label': label }, heading, list));
    absorbScrollbar(list);
  }

  /** The reserved 9:16 box with the poster (lazy image) and the view count when shown. */
  private box(clip: StorefrontClip, lazy: boolean): HTMLElement {
    const box = h('span', { class: 'ps-box' });
    if (clip.posterUrl) {
      box.append(
        h('img', {
          src: clip.posterUrl,
          alt: '',
          // The clip's own shape: the browser reserves the box before the poster arrives.
          width: clip.width ?? 9,
          height: clip.height ?? 16,
          loading: lazy ? 'lazy' : 'eager',
          decoding: 'async',
        }),
      );
    }
    box.append(h('span', { class: 'ps-play', 'aria-hidden': 'true' }, '▶'));
    const views = this.views(clip);
    if (views) box.append(h('span', { class: 'ps-stat' }, views));
    return box;
  }

  private views(clip: StorefrontClip): string {
    return this.feed?.settings.showViews && typeof clip.views === 'number'
      ? formatCount(clip.views, 'view')
      : '';
  }

  /** An impression when at least half of the tile is on screen (at once without an observer). */
  private observe(el: Element, clipId: string): void {
    if (typeof IntersectionObserver !== 'function') {
      this.queue.track('impression', clipId);
      return;
    }
    this.observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const id = (entry.target as HTMLElement).dataset.popstageClip;
          if (id) this.queue.track('impression', id);
          this.observer?.unobserve(entry.target);
        }
      },
      { threshold: 0.5 },
    );
    (el as HTMLElement).dataset.popstageClip = clipId;
    this.observer.observe(el);
  }

  /** Opens the viewer on the featured clip and its playlist (the loader's bubble asks). */
  openFeatured(opener: HTMLElement | null): void {
    if (this.feed?.featured) this.open(featuredPlaylist(this.feed), 0, opener);
  }

  renderFeatured(): void {
    const feed = this.feed;
    const clip = feed?.featured;
    if (!feed || !clip || sessionFlag(FEATURED_DISMISSED)) return;
    // The loader's bubble is already on screen, its loop playing: it is adopted, not redrawn.
    const shown = document.querySelector<HTMLElement>('[data-popstage-float="featured"]');
    if (shown?.isConnected) {
      this.floats.push({ el: shown, player: 'featured' });
      this.queue.track('impression', clip.id);
      return;
    }
    const playlist = featuredPlaylist(feed);
    const box = this.box(clip, false);
    const el = h(
      'div',
      { class: 'ps-float', 'data-popstage-float': 'featured' },
      h(
        'button',
        {
          class: 'ps-btn ps-tile',
          type: 'button',
          'aria-label': `Play featured video: ${clip.title || 'video'}`,
          onclick: (event: Event) => this.open(playlist, 0, event.currentTarget as HTMLElement),
        },
        box,
      ),
      h(
        'button',
        {
          class: 'ps-btn ps-x',
          type: 'button',
          'aria-label': 'Close featured video',
          onclick: () => {
            setSessionFlag(FEATURED_DISMISSED);
            this.removeFloat('featured');
          },
        },
        '×',
      ),
    );
    this.addFloat({ el, player: 'featured' });
    this.queue.track('impression', clip.id);
    // The moving preview: a 2.5 s silent loop, played on screen and without reduced motion.
    attachLoop(box, clip.previewUrl);
  }

  private addFloat(float: Float): void {
    this.removeFloat(float.player);
    this.floats.push(float);
    this.placeFloat(float);
    document.body.append(float.el);
  }

  removeFloat(player: Float['player']): void {
    for (const float of this.floats.filter((f) => f.player === player)) {
      detachLoops(float.el);
      float.el.remove();
    }
    this.floats = this.floats.filter((f) => f.player !== player);
  }

  private placeFloat(float: Float): void {
    const position = positionFor(this.feed?.positions?.[float.player], this.device);
    Object.assign(float.el.style, positionStyle(position));
  }

  private placeFloats(): void {
    for (const float of this.floats) this.placeFloat(float);
  }

  /** The miniplayer: the clip the viewer was minimised on, playing muted where the merchant put it. */
  showMiniplayer(clips: StorefrontClip[], index: number, time: number): void {
    const clip = clips[index];
    if (!clip) return;
    const video = h('video', {
      muted: true,
      playsinline: true,
      loop: true,
      preload: 'metadata',
      'aria-hidden': 'true',
    });
    video.muted = true;
    if (clip.posterUrl) video.poster = clip.posterUrl;
    const box = h('span', { class: 'ps-box' }, video);
    const el = h(
      'div',
      { class: 'ps-float', 'data-popstage-float': 'miniplayer' },
      h(
        'button',
        {
          class: 'ps-btn ps-tile',
          type: 'button',
          'aria-label': `Expand video: ${clip.title || 'video'}`,
          onclick: (event: Event) => {
            const at = video.currentTime;
            this.removeFloat('miniplayer');
            this.open(clips, index, event.currentTarget as HTMLElement, at);
          },
        },
        box,
      ),
      h(
        'button',
        {
          class: 'ps-btn ps-x',
          type: 'button',
          'aria-label': 'Close video',
          onclick: () => this.removeFloat('miniplayer'),
        },
        '×',
      ),
    );
    this.addFloat({ el, player: 'miniplayer' });
    if (clip.videoUrl) video.src = sourceFor(clip, box) ?? clip.videoUrl;
    video.currentTime = time;
    // It keeps moving only for shoppers who welcome motion; the others see it paused.
    if (!reducedMotion()) video.play?.()?.catch(() => {});
    el.querySelector<HTMLElement>('button')?.focus();
  }

  open(clips: StorefrontClip[], index: number, opener: HTMLElement | null, time = 0): Viewer {
    this.viewer?.close();
    if (this.feed?.settings.showLikes && !this.liked) {
      this.liked = new Set();
      // Without consent there is no visitor whose likes could be read.
      if (this.queue.enabled)
        this.identify()
          .then((visitor) => (visitor ? this.api.likes(visitor) : []))
          .then((ids) => {
            for (const id of ids) this.liked?.add(id);
            this.viewer?.refreshLike();
          });
    }
    this.viewer = new Viewer(this, clips, index, opener, time);
    return this.viewer;
  }

  onViewerClosed(viewer: Viewer): void {
    if (this.viewer === viewer) this.viewer = null;
  }

  /** Counts the event; a view, click or add-to-cart also puts the visitor on the cart (once). */
  track(type: EventType, clipId: string, productId?: string): void {
    this.queue.track(type, clipId, productId);
    if (!this.queue.enabled) return;
    if (type === 'view' || type === 'click' || type === 'add_to_cart') {
      void this.identify().then(() => {
        if (this.visitor.name) void tagCart(this.visitor.name);
      });
    }
  }

  isLiked(clipId: string): boolean {
    return !!this.liked?.has(clipId);
  }

  toggleLike(clip: StorefrontClip): boolean {
    this.liked ??= new Set();
    const liked = !this.liked.has(clip.id);
    if (liked) this.liked.add(clip.id);
    else this.liked.delete(clip.id);
    if (typeof clip.likes === 'number') clip.likes = Math.max(0, clip.likes + (liked ? 1 : -1));
    this.queue.track(liked ? 'like' : 'unlike', clip.id);
    return liked;
  }

  productCard(clip: StorefrontClip, product: StorefrontProduct): HTMLElement {
    const settings = this.feed?.settings;
    const link = h(
      'a',
      { href: product.url, onclick: () => this.track('click', clip.id, product.id) },
      product.title,
    );
    const buy =
      settings?.buyButton && product.available
        ? h(
            'button',
            {
              class: 'ps-btn ps-buy',
              type: 'button',
              'aria-label': `Add to cart: ${product.title}`,
              onclick: async (event: Event) => {
                const button = event.currentTarget as HTMLButtonElement;
                button.disabled = true;
                this.queue.track('add_to_cart', clip.id, product.id);
                if (this.queue.enabled) await this.identify();
                const attribution = this.queue.enabled
                  ? { clipId: clip.id, visitorId: this.visitor.name }
                  : null;
                if (await addToCart(product, attribution)) {
                  const done = `Added to cart: ${product.title}`;
                  button.textContent = 'Added';
                  // The label named the action; it now names the result.
                  button.setAttribute('aria-label', done);
                  this.viewer?.announce(done);
                } else {
                  window.location.assign(product.url);
                }
              },
            },
            'Add to cart',
          )
        : null;
    return h(
      'li',
      { class: 'ps-card' },
      product.imageUrl
        ? h('img', { src: product.imageUrl, alt: '', loading: 'lazy', width: 56, height: 56 })
        : h('span', { class: 'ps-noimg', 'aria-hidden': 'true' }),
      h(
        'span',
        {},
        link,
        h('br'),
        h('span', {}, formatCurrency(product.price, product.currencyCode)),
      ),
      buy,
    );
  }
}

/** The full-screen viewer: a modal dialog with focus trap, keys, swipe and the product cards. */
export class Viewer {
  readonly el: HTMLElement;
  private readonly video: HTMLVideoElement;
  private readonly like: HTMLButtonElement | null;
  private readonly likeCount = h('span', { class: 'ps-count' });
  private readonly live: HTMLElement;
  private readonly info: HTMLElement;
  private readonly prev: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private readonly playPause: HTMLButtonElement;
  private readonly mute: HTMLButtonElement;
  private readonly cc: HTMLButtonElement;
  /** Captions start on: a muted autoplay is only understood with them. */
  private captionsOn = true;
  private readonly overflow: string;
  private touch: { x: number; y: number } | null = null;

  constructor(
    private readonly widget: Widget,
    private readonly clips: StorefrontClip[],
    public index: number,
    private readonly opener: HTMLElement | null,
    startAt = 0,
  ) {
    const settings = widget.feed?.settings;
    // The loader's warm element when it holds this clip (media.ts warmViewer): its first bytes
    // are here already. Another start time (the miniplayer's) loads anew.
    const warm = startAt ? null : takeWarm(loaderShared(), clips[index]?.id ?? '');
    if (warm) {
      warm.controls = true;
      warm.muted = false;
      // Buffered as a playing file now, not as a preview's metadata.
      warm.preload = 'auto';
    }
    this.video = warm ?? h('video', { playsinline: true, controls: true, preload: 'none' });
    this.video.addEventListener('timeupdate', () => {
      if (this.video.currentTime >= VIEW_AFTER_SECONDS) this.viewed();
    });
    this.video.addEventListener('ended', () => this.viewed());
    for (const type of ['play', 'pause', 'volumechange']) {
      this.video.addEventListener(type, () => this.refreshControls());
    }
    this.playPause = h('button', {
      class: 'ps-btn',
      type: 'button',
      onclick: () => {
        if (this.video.paused) this.video.play?.()?.catch(() => {});
        else this.video.pause();
      },
    });
    this.mute = h('button', {
      class: 'ps-btn',
      type: 'button',
      onclick: () => {
        this.video.muted = !this.video.muted;
      },
    });
    this.cc = h(
      'button',
      {
        class: 'ps-btn ps-cc',
        type: 'button',
        // The name holds the visible letters (WCAG 2.5.3).
        'aria-label': 'CC (captions)',
        'aria-pressed': 'true',
        onclick: () => {
          this.captionsOn = !this.captionsOn;
          showCaptions(this.video, this.captionsOn);
          this.refreshControls();
        },
      },
      'CC',
    );
    this.prev = h(
      'button',
      {
        class: 'ps-btn ps-nav ps-prev',
        type: 'button',
        'aria-label': 'Previous video',
        onclick: () => this.go(-1),
      },
      '‹',
    );
    this.next = h(
      'button',
      {
        class: 'ps-btn ps-nav ps-next',
        type: 'button',
        'aria-label': 'Next video',
        onclick: () => this.go(1),
      },
      '›',
    );
    this.like = settings?.showLikes
      ? h('button', {
          class: 'ps-btn ps-like',
          type: 'button',
          'aria-pressed': 'false',
          onclick: () => this.toggleLike(),
        })
      : null;
    this.live = h('p', { class: 'ps-sr', 'aria-live': 'polite' });
    this.info = h('div', { class: 'ps-info' });
    this.el = h(
      'div',
      {
        class: 'ps-viewer',
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': 'ps-viewer-title',
        tabindex: '-1',
      },
      h(
        'div',
        { class: 'ps-stage' },
        this.video,
        h(
          'div',
          { class: 'ps-bar' },
          this.playPause,
          this.mute,
          this.cc,
          h(
            'button',
            {
              class: 'ps-btn',
              type: 'button',
              'aria-label': 'Minimize video',
              onclick: () => this.minimise(),
            },
            '–',
          ),
          h(
            'button',
            { class: 'ps-btn', type: 'button', 'aria-label': 'Close', onclick: () => this.close() },
            '×',
          ),
        ),
        this.prev,
        this.next,
        h('div', { class: 'ps-side' }, this.like, this.like ? this.likeCount : null),
      ),
      this.info,
      this.live,
    );
    this.el.addEventListener('keydown', (event) => this.onKey(event));
    this.el.addEventListener(
      'touchstart',
      (event) => {
        const t = event.changedTouches[0];
        this.touch = t ? { x: t.clientX, y: t.clientY } : null;
      },
      { passive: true },
    );
    this.el.addEventListener('touchend', (event) => this.onSwipe(event));
    this.overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    document.body.append(this.el);
    this.show(startAt);
    this.refreshControls();
    this.el.focus();
  }

  get clip(): StorefrontClip {
    return this.clips[this.index] as StorefrontClip;
  }

  private viewed(): void {
    this.widget.track('view', this.clip.id);
  }

  private show(startAt = 0): void {
    const clip = this.clip;
    const settings = this.widget.feed?.settings;
    this.video.pause?.();
    const src = sourceFor(clip, this.video);
    // The same file again (the warm element's) keeps the bytes it has: a new src loads anew. Its
    // download is under way, so it needs no poster: on a phone's link the poster's bytes arrived
    // after the first frame and took the link from the file's next ones (the viewer then stalled
    // a quarter of a second into playback, in the video bench).
    const kept = !!src && this.video.src === src;
    const poster = kept ? null : clip.posterUrl;
    if (poster) this.video.poster = poster;
    else this.video.removeAttribute('poster');
    if (!src) this.video.removeAttribute('src');
    else if (!kept) this.video.src = src;
    this.video.setAttribute('aria-label', clip.title || 'Video');
    setCaptionTracks(this.video, clip, this.captionsOn);
    this.cc.hidden = !clip.captions?.length;
    if (startAt) this.video.currentTime = startAt;
    this.video.play?.()?.catch(() => {
      // Autoplay with sound refused: play muted, the shopper can unmute with the controls.
      this.video.muted = true;
      this.video.play?.()?.catch(() => {});
    });
    this.widget.queue.track('impression', clip.id);
    this.prev.disabled = this.index === 0;
    this.next.disabled = this.index >= this.clips.length - 1;
    this.prev.hidden = this.next.hidden = this.clips.length < 2;
    this.refreshLike();
    const views = settings?.showViews && typeof clip.views === 'number' ? clip.views : null;
    this.info.replaceChildren(
      h('h2', { class: 'ps-title', id: 'ps-viewer-title' }, clip.title || 'Video'),
      views === null ? '' : h('p', {}, formatCount(views, 'view')),
      clip.products.length
        ? h(
            'ul',
            { class: 'ps-cards', 'aria-label': 'Products in this video' },
            ...clip.products.map((p) => this.widget.productCard(clip, p)),
          )
        : '',
      settings?.watermark
        ? h(
            'a',
            { class: 'ps-mark', href: 'https://popstage.app', target: '_blank', rel: 'noopener' },
            'Powered by Popstage',
          )
        : '',
    );
    if (this.clips.length > 1) this.announce(`Video ${this.index + 1} of ${this.clips.length}`);
  }

  /** Labels say what a press does; CC says whether captions show. */
  private refreshControls(): void {
    const paused = this.video.paused;
    this.playPause.setAttribute('aria-label', paused ? 'Play' : 'Pause');
    this.playPause.textContent = paused ? '▶' : '❚❚';
    this.mute.setAttribute('aria-label', this.video.muted ? 'Unmute' : 'Mute');
    this.mute.replaceChildren(speakerIcon(this.video.muted));
    this.cc.setAttribute('aria-pressed', String(this.captionsOn));
  }

  announce(text: string): void {
    this.live.textContent = text;
  }

  refreshLike(): void {
    if (!this.like) return;
    const clip = this.clip;
    const liked = this.widget.isLiked(clip.id);
    this.like.setAttribute('aria-pressed', String(liked));
    this.like.setAttribute('aria-label', liked ? 'Unlike' : 'Like');
    const count = typeof clip.likes === 'number' ? ` ${formatCompactNumber(clip.likes)}` : '';
    // The button holds only the heart: its name is Like/Unlike, and the count is text beside it
    // (a name must contain the visible text, WCAG 2.5.3).
    this.like.textContent = liked ? '♥' : '♡';
    this.likeCount.textContent = count.trim();
  }

  private toggleLike(): void {
    this.widget.toggleLike(this.clip);
    this.refreshLike();
  }

  go(step: number): void {
    const index = this.index + step;
    if (index < 0 || index >= this.clips.length) return;
    this.index = index;
    this.show();
  }

  private onKey(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      this.close();
      return;
    }
    if (event.key === 'Tab') {
      const items = focusables(this.el);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === this.el)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
      return;
    }
    // The video's own controls use the arrows to seek and change volume.
    if (event.target === this.video) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step) {
      event.preventDefault();
      this.go(step);
    }
  }

  private onSwipe(event: TouchEvent): void {
    const t = event.changedTouches[0];
    const start = this.touch;
    this.touch = null;
    if (!t || !start) return;
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    const horizontal = Math.abs(dx) > Math.abs(dy);
    const distance = horizontal ? dx : dy;
    if (Math.abs(distance) < 50) return;
    this.go(distance < 0 ? 1 : -1);
  }

  private minimise(): void {
    const time = this.video.currentTime || 0;
    this.close(false);
    this.widget.showMiniplayer(this.clips, this.index, time);
  }

  close(restoreFocus = true): void {
    this.video.pause?.();
    this.video.removeAttribute('src');
    this.el.remove();
    document.documentElement.style.overflow = this.overflow;
    this.widget.onViewerClosed(this);
    if (restoreFocus && this.opener?.isConnected) this.opener.focus();
  }
}

/** What the loader left on window (loader.ts): its feed and the viewer's warm file. */
function loaderShared(): LoaderShared | undefined {
  return (window as { PopstageLoader?: LoaderShared }).PopstageLoader;
}

/**
 * A row wider than the page scrolls, and a classic (non-overlay) scrollbar would add its height
 * to the row, beyond the height the theme block reserved: it takes the list's bottom padding and
 * the rest hangs into the row's own padding instead. Done before the next frame, so nothing shifts.
 */
function absorbScrollbar(list: HTMLElement): void {
  const bar = list.offsetHeight - list.clientHeight;
  if (bar <= 0) return;
  const padding = Number.parseFloat(getComputedStyle(list).paddingBottom) || 0;
  list.style.paddingBottom = '0';
  list.style.marginBottom = `${padding - bar}px`;
}

const SVG = 'http://www.w3.org/2000/svg';

/** A speaker, struck through when muted (SVG: phones lack a font with the emoji). */
function speakerIcon(muted: boolean): SVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute(
    'd',
    muted
      ? 'M3 9v6h4l5 5V4L7 9H3zm13.6 3 2.7-2.7-1.4-1.4-2.7 2.7-2.7-2.7-1.4 1.4 2.7 2.7-2.7 2.7 1.4 1.4 2.7-2.7 2.7 2.7 1.4-1.4z'
      : 'M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z',
  );
  svg.append(path);
  return svg;
}

function CSS_escape(value: string): string {
  return value.replace(/["\\]/g, '\\$&');
}
