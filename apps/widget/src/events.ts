import { STOREFRONT_EVENTS_MAX } from '@popstage/core/storefront';
import type { EventType, WidgetEvent } from './types';

/** The contract's batch size limit (1-50 events a call). */
export const MAX_BATCH = STOREFRONT_EVENTS_MAX;
export const FLUSH_DELAY_MS = 5000;

export type Transport = (url: string, body: string, final: boolean) => void;

/** fetch for ordinary flushes; on pagehide fetch keepalive, sendBeacon where fetch is missing. */
export const defaultTransport: Transport = (url, body, final) => {
  const init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: final,
    credentials: 'omit',
  };
  if (typeof fetch === 'function') {
    fetch(url, init).catch(() => {});
    return;
  }
  navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }));
};

/**
 * Storefront events, batched: impressions and views count once per clip per page (the server
 * dedupes views per visitor for 30 minutes as well), likes, clicks and add-to-carts every time.
 * A batch goes out when it is full, FLUSH_DELAY_MS after its first event, or on pagehide.
 */
export class EventQueue {
  /** Off until the shopper allows analytics where consent is required (consent.ts). */
  enabled = true;
  private queue: WidgetEvent[] = [];
  private seen = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** A flush found no visitor id yet. */
  private due = false;

  constructor(
    private readonly url: string,
    private readonly ids: { visitorId: string; sessionId?: string },
    private readonly transport: Transport = defaultTransport,
    private readonly delayMs = FLUSH_DELAY_MS,
  ) {}

  track(type: EventType, clipId: string, productId?: string): boolean {
    if (!this.enabled) return false;
    if (type === 'impression' || type === 'view') {
      const key = `${type}:${clipId}`;
      if (this.seen.has(key)) return false;
      this.seen.add(key);
    }
    const event: WidgetEvent = { type, clipId, at: new Date().toISOString() };
    if (productId) event.productId = productId;
    this.queue.push(event);
    if (this.queue.length >= MAX_BATCH) this.flush();
    else if (this.timer === undefined) this.timer = setTimeout(() => this.flush(), this.delayMs);
    return true;
  }

  get pending(): number {
    return this.queue.length;
  }

  flush(final = false): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    // Events wait for the visitor's id (asked for once analytics are allowed); `resume` sends
    // them when it comes, so batches keep their pace.
    this.due = this.queue.length > 0 && !this.ids.visitorId;
    while (this.queue.length && this.ids.visitorId) {
      const events = this.queue.splice(0, MAX_BATCH);
      this.transport(this.url, JSON.stringify({ ...this.ids, events }), final);
    }
  }

  /** Sends what waited for the visitor's id, if its time had come meanwhile. */
  resume(): void {
    if (this.due) this.flush();
  }

  /** Sends what is left when the page goes away (pagehide also fires for the back/forward cache). */
  listen(win: Window = window): void {
    win.addEventListener('pagehide', () => this.flush(true));
    win.document.addEventListener('visibilitychange', () => {
      if (win.document.visibilityState === 'hidden') this.flush(true);
    });
  }
}
