import { formatCurrency } from '@popstage/core/format';
import {
  type ChatMessage,
  chatMessageSchema,
  chatPostSchema,
  type LiveShowState,
  liveShowStateSchema,
  PRESENCE_HEARTBEAT_SECONDS,
  VIEWER_MESSAGES,
} from '@popstage/core/live';
import type { StorefrontLiveAnswer, StorefrontLiveShow } from '@popstage/core/storefront';
import { createApi } from '../api';
import { tagCart } from '../cart';
import { analyticsAllowed } from '../consent';
import { h } from '../dom';
import type { StorefrontProduct } from '../types';
import { Visitor } from '../visitor';
import { icon } from './icons';
import { addShowProductToCart } from './live-cart';
import { LIVE_CSS } from './live-styles';
import { type Attached, attachShow } from './media';
import { addOwnMessage, applyLiveEvent, clock, isMediaUrl, type LiveView, pinnedAt } from './state';
import { chatName, rememberChatName, viewerId } from './viewer';

/** A scheduled show asks the app again this often, to start playing once it is live. */
export const SCHEDULED_POLL_MS = 30_000;
const ADDED_MS = 2500;

export const LIVE_TEXT = {
  live: 'Live',
  replay: 'Replay',
  soon: 'Live soon',
  watching: (n: number) => `${n} watching`,
  startsAt: (when: string) => `Starts ${when}`,
  shrink: 'Shrink player to a corner',
  expand: 'Expand player',
  unmute: 'Unmute',
  mute: 'Mute',
  play: 'Play live show',
  pinned: 'Pinned product',
  addToCart: 'Add to cart',
  added: 'Added to cart',
  addFailed: 'Could not add to cart. Open the product to buy it.',
  soldOut: 'Sold out',
  products: 'In this show',
  chat: 'Live chat',
  chatReplay: 'Chat replay',
  noMessages: 'No messages yet.',
  name: 'Your name',
  message: 'Message',
  send: 'Send',
  sendFailed: 'Your message could not be sent. Please try again.',
  timeline: 'Products on the replay timeline',
  jump: (title: string, at: string) => `Jump to ${title} at ${at}`,
  away: 'Playing in the corner',
  nothing: 'No live show right now.',
} as const;

export interface LivePlayerOptions {
  /** The app's origin (the live script's own). */
  origin: string;
  shop: string;
}

/**
 * The storefront's live player (theme block live-show): the shop's show live now, next or last
 * (GET /storefront/v1/shops/:shop/live), played from the live service's media, with its pinned
 * product over the video (added to the cart without leaving the stream), the chat, the viewer
 * count, its events over SSE, and a corner miniplayer that keeps playing while the shopper scrolls.
 * An ended show plays its replay with the pins on its timeline; a scheduled one says when it starts.
 */
export class LivePlayer {
  show: StorefrontLiveShow | null = null;
  view: LiveView | null = null;
  products = new Map<string, StorefrontProduct>();
  mini = false;

  private readonly api: string;
  private readonly root: HTMLElement;
  private section: HTMLElement | null = null;
  private video: HTMLVideoElement | null = null;
  private attached: Attached | null = null;
  private events: EventSource | null = null;
  private timers: number[] = [];
  private visitor: Visitor;
  private els: Partial<Record<string, HTMLElement>> = {};
  /** The product the replay's playhead is on (the pin card follows it). */
  private replayPinned: string | null = null;

  constructor(
    root: HTMLElement,
    private readonly options: LivePlayerOptions,
  ) {
    this.root = root;
    this.api = `${options.origin}/storefront/v1/shops/${encodeURIComponent(options.shop)}/live`;
    const app = createApi(options.origin, options.shop);
    this.visitor = new Visitor(options.shop, (renewing) => app.issueVisitor(renewing));
  }

  /** Loads the shop's show and draws it; resolves once drawn. */
  async start(): Promise<void> {
    injectCss();
    const answer = await getJson<StorefrontLiveAnswer>(this.api);
    await this.load(answer);
  }

  /** Stops the stream, its events and timers (the block was removed, or another show replaces it). */
  stop(): void {
    this.events?.close();
    this.events = null;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.attached?.stop();
    this.attached = null;
    document.removeEventListener('visibilitychange', this.onVisible);
  }

  private async load(answer: StorefrontLiveAnswer | null): Promise<void> {
    this.stop();
    this.show = answer?.show ?? null;
    this.products = new Map((answer?.products ?? []).map((p) => [p.id, p]));
    this.view = null;
    this.replayPinned = null;
    const show = this.show;
    if (!show) {
      this.root.replaceChildren();
      this.root.removeAttribute('style');
      return;
    }
    if (show.publicApi) {
      const state = await getJson<unknown>(show.publicApi);
      const parsed = liveShowStateSchema.safeParse(state);
      this.view = parsed.success ? toView(parsed.data) : fallbackView(show);
    }
    this.draw();
    // A scheduled show goes live, an ended one's replay gets made: the app is asked again.
    if (show.status === 'scheduled' || (show.status === 'ended' && !show.hls && !show.mp4)) {
      this.every(SCHEDULED_POLL_MS, () => void this.refresh());
      if (show.status === 'scheduled') return;
    }
    void this.play();
    if (this.view?.status === 'live' && show.publicApi) this.follow(show.publicApi);
  }

  /** Asks the app again (a scheduled show may have gone live). */
  async refresh(): Promise<void> {
    const answer = await getJson<StorefrontLiveAnswer>(this.api);
    const next = answer?.show ?? null;
    const now = this.show;
    if (
      next?.id === now?.id &&
      next?.status === now?.status &&
      next?.hls === now?.hls &&
      next?.mp4 === now?.mp4
    )
      return;
    await this.load(answer);
  }

  // ----- drawing -------------------------------------------------------------------------------

  private draw(): void {
    const show = this.show as StorefrontLiveShow;
    const status = this.view?.status ?? show.status;
    const ended = status === 'ended';
    this.els = {};
    this.root.removeAttribute('style');
    const frame = h('div', { class: 'psl-frame' });
    const slot = h('div', { class: 'psl-slot', 'data-away': LIVE_TEXT.away }, frame);
    const main = h('div', { class: `psl-main${ended ? ' psl-replay' : ''}` }, slot);
    this.els.main = main;
    this.els.frame = frame;

    if (status === 'scheduled') {
      const when = new Date(show.startsAt);
      frame.append(
        h(
          'div',
          { class: 'psl-soon' },
          h('span', { class: 'psl-badge psl-on' }, LIVE_TEXT.soon),
          h('strong', {}, show.title),
          h(
            'time',
            { datetime: show.startsAt },
            LIVE_TEXT.startsAt(Number.isNaN(when.getTime()) ? show.startsAt : formatWhen(when)),
          ),
        ),
      );
    } else {
      const video = h('video', {
        playsinline: true,
        muted: true,
        autoplay: true,
        preload: 'auto',
        controls: ended,
        'aria-label': show.title,
      });
      // The attribute sets only the default; autoplay needs the property too.
      video.muted = true;
      video.addEventListener('loadedmetadata', () => {
        if (video.videoWidth && video.videoHeight) {
          slot.style.aspectRatio = `${video.videoWidth} / ${video.videoHeight}`;
          // A landscape stream (OBS) takes the column's width; a phone's keeps to the screen.
          main.classList.toggle('psl-wide', video.videoWidth > video.videoHeight);
        }
        this.drawTimeline();
      });
      video.addEventListener('timeupdate', () => this.onTime());
      video.addEventListener('playing', () => {
        if (this.els.big) this.els.big.hidden = true;
      });
      video.addEventListener('volumechange', () => this.drawSound());
      this.video = video;
      const sound = h('button', {
        class: 'psl-btn psl-sound',
        type: 'button',
        onclick: () => {
          video.muted = !video.muted;
          if (!video.muted) void video.play().catch(() => undefined);
        },
      });
      const pip = h('button', {
        class: 'psl-btn psl-pip',
        type: 'button',
        'aria-pressed': 'false',
        onclick: () => this.setMini(!this.mini),
      });
      const count = h('span', { class: 'psl-count', role: 'status' });
      const top = h(
        'div',
        { class: 'psl-top' },
        h(
          'span',
          { class: `psl-badge${ended ? '' : ' psl-on'}` },
          ended ? LIVE_TEXT.replay : LIVE_TEXT.live,
        ),
        ended ? null : count,
        h('span', { class: 'psl-grow' }),
        ended ? null : sound,
        pip,
      );
      const big = h(
        'button',
        {
          class: 'psl-btn psl-big',
          type: 'button',
          hidden: true,
          onclick: () =>
            void video.play().then(
              () => (big.hidden = true),
              () => undefined,
            ),
        },
        icon('play'),
        LIVE_TEXT.play,
      );
      const pin = h('div', { class: 'psl-pin', role: 'region', 'aria-label': LIVE_TEXT.pinned });
      pin.hidden = true;
      frame.append(video, top, big, pin);
      Object.assign(this.els, { sound, pip, count, big, pin });
      if (ended) {
        const timeline = h('div', {
          class: 'psl-timeline',
          role: 'group',
          'aria-label': LIVE_TEXT.timeline,
        });
        timeline.hidden = true;
        main.append(timeline);
        this.els.timeline = timeline;
      }
    }

    const side = h('div', { class: 'psl-side' }, this.drawProducts());
    if (this.view && (status === 'live' || this.view.chat.length > 0))
      side.append(this.drawChat(status === 'live'));
    this.section = h(
      'section',
      {
        class: `psl${this.mini ? ' psl-mini' : ''}`,
        'aria-label': `${status === 'live' ? LIVE_TEXT.live : status === 'ended' ? LIVE_TEXT.replay : LIVE_TEXT.soon}: ${show.title}`,
      },
      h('h2', {}, show.title),
      h('div', { class: 'psl-wrap' }, main, side),
    );
    this.root.replaceChildren(this.section);
    this.drawSound();
    this.drawPip();
    this.drawViewers();
    this.drawPin();
    this.drawMessages();
  }

  private drawProducts(): HTMLElement {
    const list = h('ul', { class: 'psl-items' });
    for (const product of this.products.values()) {
      const item = h(
        'li',
        { class: 'psl-item', 'data-product': product.id },
        product.imageUrl ? h('img', { src: product.imageUrl, alt: '', loading: 'lazy' }) : null,
        h(
          'span',
          { class: 'psl-item-text' },
          h('a', { class: 'psl-name', href: product.url }, product.title),
          h('span', { class: 'psl-price' }, formatCurrency(product.price, product.currencyCode)),
          h('span', { class: 'psl-status', role: 'status' }),
        ),
        this.addButton(product),
      );
      list.append(item);
    }
    this.els.items = list;
    const box = h('div', {}, h('h3', {}, LIVE_TEXT.products), list);
    box.hidden = this.products.size === 0;
    return box;
  }

  private addButton(product: StorefrontProduct): HTMLButtonElement {
    const label = product.available ? LIVE_TEXT.addToCart : LIVE_TEXT.soldOut;
    const button = h(
      'button',
      {
        class: 'psl-btn psl-add',
        type: 'button',
        'aria-label': `${label}: ${product.title}`,
        disabled: !product.available || !product.variantId,
        onclick: () => void this.addToCart(product, button),
      },
      label,
    );
    return button;
  }

  /** Adds the product with the show on its line; the shopper stays on the stream. */
  async addToCart(product: StorefrontProduct, button: HTMLButtonElement): Promise<boolean> {
    const show = this.show;
    if (!show) return false;
    button.disabled = true;
    const status = button.parentElement?.querySelector<HTMLElement>('.psl-status');
    // The visitor on the cart (attribution of the order to Popstage) only with analytics consent.
    if (analyticsAllowed()) {
      const visitor = await this.visitor.ensure().catch(() => '');
      if (visitor && this.visitor.name) await tagCart(this.visitor.name);
    }
    // Sales are the show's once it has started (live, then its replay).
    const started = (this.view?.status ?? show.status) !== 'scheduled';
    const ok = await addShowProductToCart(product, started ? show.id : null);
    if (status) status.textContent = ok ? LIVE_TEXT.added : LIVE_TEXT.addFailed;
    // The name follows the text, as the clip viewer's does ("Added to cart: <product>").
    if (ok) {
      button.replaceChildren(icon('check'), LIVE_TEXT.added);
      button.setAttribute('aria-label', `${LIVE_TEXT.added}: ${product.title}`);
    }
    setTimeout(() => {
      button.textContent = LIVE_TEXT.addToCart;
      button.setAttribute('aria-label', `${LIVE_TEXT.addToCart}: ${product.title}`);
      button.disabled = false;
      if (status && ok) status.textContent = '';
    }, ADDED_MS);
    return ok;
  }

  private drawChat(open: boolean): HTMLElement {
    const messages = h('ol', {
      class: 'psl-msgs',
      'aria-live': 'polite',
      'aria-relevant': 'additions',
    });
    this.els.messages = messages;
    const box = h('div', {
      class: 'psl-chat',
      role: 'region',
      'aria-label': open ? LIVE_TEXT.chat : LIVE_TEXT.chatReplay,
    });
    box.append(
      h('h3', { class: 'psl-sr' }, open ? LIVE_TEXT.chat : LIVE_TEXT.chatReplay),
      messages,
    );
    if (!open) return box;
    const name = h('input', {
      class: 'psl-who',
      name: 'name',
      autocomplete: 'nickname',
      maxlength: 40,
      placeholder: LIVE_TEXT.name,
      'aria-label': LIVE_TEXT.name,
      value: chatName(),
    });
    const text = h('input', {
      class: 'psl-say',
      name: 'message',
      autocomplete: 'off',
      maxlength: 300,
      placeholder: LIVE_TEXT.message,
      'aria-label': LIVE_TEXT.message,
    });
    const error = h('p', { class: 'psl-err', role: 'alert' });
    const send = h('button', { class: 'psl-btn psl-send', type: 'submit' }, LIVE_TEXT.send);
    const form = h('form', { class: 'psl-form', novalidate: true }, name, text, send, error);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.sendChat(name.value, text.value).then((ok) => {
        if (ok) text.value = '';
      });
    });
    Object.assign(this.els, { error, send });
    box.append(form);
    return box;
  }

  /** Posts the viewer's message; shows the refusal (blocked, chat closed, invalid) under the form. */
  async sendChat(name: string, text: string): Promise<boolean> {
    const show = this.show;
    const error = this.els.error;
    const send = this.els.send as HTMLButtonElement | undefined;
    if (!show?.publicApi || !this.view) return false;
    const body = chatPostSchema.safeParse({ viewerId: viewerId(), name, text });
    if (!body.success) {
      if (error) error.textContent = body.error.issues[0]?.message ?? LIVE_TEXT.sendFailed;
      return false;
    }
    if (error) error.textContent = '';
    if (send) send.disabled = true;
    try {
      const response = await fetch(`${show.publicApi}/chat`, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body.data),
      });
      if (!response.ok) {
        if (error) error.textContent = await refusal(response);
        return false;
      }
      rememberChatName(body.data.name);
      const answer = (await response.json().catch(() => null)) as { message?: unknown } | null;
      const message = chatMessageSchema.safeParse(answer?.message);
      if (message.success && addOwnMessage(this.view, message.data)) this.drawMessages();
      return true;
    } catch {
      if (error) error.textContent = LIVE_TEXT.sendFailed;
      return false;
    } finally {
      if (send) send.disabled = false;
    }
  }

  private drawMessages(): void {
    const list = this.els.messages;
    if (!list || !this.view) return;
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    const rows = this.view.chat.map((message: ChatMessage) =>
      h(
        'li',
        { class: message.seller ? 'psl-seller' : null, 'data-message': message.id },
        h('b', {}, message.name),
        message.text,
      ),
    );
    if (rows.length === 0) rows.push(h('li', { class: 'psl-empty' }, LIVE_TEXT.noMessages));
    list.replaceChildren(...rows);
    if (atBottom) list.scrollTop = list.scrollHeight;
  }

  private drawViewers(): void {
    const count = this.els.count;
    if (!count) return;
    const viewers = this.view?.viewers ?? 0;
    count.textContent = LIVE_TEXT.watching(viewers);
  }

  /** The product over the video: the pinned one live, the playhead's one in a replay. */
  private drawPin(): void {
    const card = this.els.pin;
    if (!card) return;
    const id = this.view?.status === 'ended' ? this.replayPinned : (this.view?.pinned ?? null);
    const product = id ? this.products.get(id) : undefined;
    for (const item of this.els.items?.children ?? []) {
      item.setAttribute('aria-current', String((item as HTMLElement).dataset.product === id));
    }
    if (card.dataset.product === (product?.id ?? '')) return;
    card.dataset.product = product?.id ?? '';
    card.hidden = !product;
    if (!product) {
      card.replaceChildren();
      return;
    }
    card.replaceChildren(
      ...(product.imageUrl ? [h('img', { src: product.imageUrl, alt: '' })] : []),
      h(
        'span',
        { class: 'psl-pin-text' },
        h('a', { class: 'psl-name', href: product.url }, product.title),
        h('span', { class: 'psl-price' }, formatCurrency(product.price, product.currencyCode)),
        h('span', { class: 'psl-status psl-sr', role: 'status' }),
      ),
      this.addButton(product),
    );
  }

  private drawSound(): void {
    const sound = this.els.sound;
    if (!sound || !this.video) return;
    const muted = this.video.muted;
    // The name is the button's text (visible on wide players, read by screen readers always).
    sound.replaceChildren(
      icon(muted ? 'muted' : 'sound'),
      h('span', { class: 'psl-label' }, muted ? LIVE_TEXT.unmute : LIVE_TEXT.mute),
    );
  }

  private drawPip(): void {
    const pip = this.els.pip;
    if (!pip) return;
    pip.setAttribute('aria-pressed', String(this.mini));
    pip.setAttribute('aria-label', this.mini ? LIVE_TEXT.expand : LIVE_TEXT.shrink);
    pip.replaceChildren(icon(this.mini ? 'expand' : 'shrink'));
    pip.title = this.mini ? LIVE_TEXT.expand : LIVE_TEXT.shrink;
  }

  /** Replay: a marker per pin on the timeline (its product, a jump to its moment). */
  private drawTimeline(): void {
    const timeline = this.els.timeline;
    const video = this.video;
    if (!timeline || !video || !this.view) return;
    const duration = video.duration;
    const pins = this.view.pins.filter((pin) => this.products.has(pin.productId));
    if (!Number.isFinite(duration) || duration <= 0 || pins.length === 0) {
      timeline.hidden = true;
      return;
    }
    const played = h('span', { class: 'psl-played' });
    this.els.played = played;
    timeline.replaceChildren(
      played,
      ...pins.map((pin) => {
        const title = this.products.get(pin.productId)?.title ?? '';
        const at = Math.min(pin.fromSeconds, duration);
        const mark = h('button', {
          class: 'psl-mark',
          type: 'button',
          'aria-label': LIVE_TEXT.jump(title, clock(at)),
          title: `${clock(at)} ${title}`,
          style: `left:${((at / duration) * 100).toFixed(3)}%`,
          onclick: () => {
            video.currentTime = at;
            void video.play().catch(() => undefined);
          },
        });
        return mark;
      }),
    );
    timeline.hidden = false;
  }

  private onTime(): void {
    const video = this.video;
    if (!video || this.view?.status !== 'ended') return;
    const played = this.els.played;
    if (played && Number.isFinite(video.duration) && video.duration > 0) {
      played.style.width = `${Math.min(100, (video.currentTime / video.duration) * 100)}%`;
    }
    const id = pinnedAt(this.view.pins, video.currentTime);
    if (id !== this.replayPinned) {
      this.replayPinned = id;
      this.drawPin();
    }
  }

  // ----- the miniplayer ------------------------------------------------------------------------

  /**
   * The corner miniplayer: the same video element is pinned to the viewport's corner by CSS (not
   * moved in the DOM), so it plays on without a break while the shopper scrolls the page.
   */
  setMini(mini: boolean): void {
    this.mini = mini;
    this.section?.classList.toggle('psl-mini', mini);
    this.drawPip();
    (this.els.pip as HTMLButtonElement | undefined)?.focus();
  }

  // ----- stream, events, presence --------------------------------------------------------------

  private async play(): Promise<void> {
    const show = this.show;
    const video = this.video;
    if (!show || !video) return;
    const view = this.view;
    const live = (view?.status ?? show.status) === 'live';
    this.attached?.stop();
    this.attached = await attachShow(video, this.options.origin, {
      hls: view?.hls ?? show.hls,
      mp4: view?.mp4 ?? show.mp4,
      lowLatency: view?.lowLatency ?? show.lowLatency,
      live,
    });
    if (!live) return;
    // Browsers may refuse to start even muted (data saver, low power): the shopper presses Play.
    // (A play() cut short by the source's own load is not a refusal: autoplay goes on.)
    await video.play().catch((error: unknown) => {
      const refused = (error as { name?: string } | null)?.name === 'NotAllowedError';
      if (refused && video.paused && this.els.big) this.els.big.hidden = false;
    });
  }

  private follow(publicApi: string): void {
    if (typeof EventSource === 'function') {
      const events = new EventSource(`${publicApi}/events`);
      events.onmessage = (message) => this.onEvent(message.data);
      this.events = events;
    }
    const beat = () => {
      if (document.visibilityState !== 'visible') return;
      void fetch(`${publicApi}/presence`, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ viewerId: viewerId() }),
      }).catch(() => undefined);
    };
    beat();
    this.every(PRESENCE_HEARTBEAT_SECONDS * 1000, beat);
    this.beat = beat;
    document.addEventListener('visibilitychange', this.onVisible);
  }

  private beat: () => void = () => undefined;
  private readonly onVisible = (): void => {
    if (document.visibilityState === 'visible') this.beat();
  };

  /** One SSE message (its `data:` text): applied to the view, then the part it changed redrawn. */
  onEvent(data: string): void {
    if (!this.view) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const change = applyLiveEvent(this.view, parsed);
    if (change === 'pin') this.drawPin();
    else if (change === 'chat') this.drawMessages();
    else if (change === 'viewers') this.drawViewers();
    else if (change === 'status') this.onStatus();
  }

  /** The show ended (its replay follows), or went live: drawn again and played from its new media. */
  private onStatus(): void {
    const view = this.view;
    if (!view || !this.show) return;
    this.show = { ...this.show, status: view.status, hls: view.hls, mp4: view.mp4 };
    if (view.status !== 'live') this.stop();
    this.draw();
    void this.play();
    if (view.status === 'ended' && !view.hls && !view.mp4) {
      this.every(SCHEDULED_POLL_MS, () => void this.refresh());
    }
  }

  private every(ms: number, run: () => void): void {
    this.timers.push(window.setInterval(run, ms));
  }
}

function toView(state: LiveShowState): LiveView {
  const { id, title, status, lowLatency, pinned, pins, viewers, chat } = state;
  const hls = isMediaUrl(state.hls) ? state.hls : null;
  const mp4 = isMediaUrl(state.mp4) ? state.mp4 : null;
  return { id, title, status, hls, mp4, lowLatency, pinned, pins, viewers, chat };
}

/** The viewer API did not answer: the show still plays from what the app said, without extras. */
function fallbackView(show: StorefrontLiveShow): LiveView {
  return {
    id: show.id,
    title: show.title,
    status: show.status,
    hls: show.hls,
    mp4: show.mp4,
    lowLatency: show.lowLatency,
    pinned: null,
    pins: [],
    viewers: 0,
    chat: [],
  };
}

/** The message for a refused chat post: the live service's, else the viewer API's for its status. */
async function refusal(response: Response): Promise<string> {
  if (response.status === 403) return VIEWER_MESSAGES.blocked;
  if (response.status === 404) return VIEWER_MESSAGES.showNotFound;
  if (response.status === 409) return VIEWER_MESSAGES.notLive;
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' && response.status < 500
    ? body.message
    : LIVE_TEXT.sendFailed;
}

async function getJson<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url, { credentials: 'omit' });
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
}

function formatWhen(date: Date): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

function injectCss(): void {
  if (document.getElementById('popstage-live-style')) return;
  const style = document.createElement('style');
  style.id = 'popstage-live-style';
  style.textContent = LIVE_CSS;
  document.head.append(style);
}
