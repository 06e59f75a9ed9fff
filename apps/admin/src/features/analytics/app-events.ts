import type { AnalyticsStream, AppEvent } from '@popstage/core/analytics';
import type { Shop } from '@popstage/core/shop';
import type { ApiClient } from '../../lib/api/client';

/**
 * App events and product analytics (spec 03 §7) go to the shop's data lake (config.dataLakeUrl),
 * by default our own server (same origin, with the session token: the server files them under the
 * session's shop). An external data lake never receives the session token: it gets the event
 * alone, without credentials. Analytics must never get in the merchant's way, so a failure is
 * only logged (spec 01 §8: other failures are logged silently).
 */

const PATHS: Record<AnalyticsStream, string> = {
  appevents: '/ingest/appevents',
  productanalytics: '/ingest/productanalytics',
};

export function analyticsUrl(
  shop: Pick<Shop, 'config'>,
  stream: AnalyticsStream = 'appevents',
): string {
  const base = (shop.config.dataLakeUrl ?? '').replace(/\/+$/, '');
  return `${base}${PATHS[stream]}`;
}

/** Whether the URL leaves this origin (then no session token goes with it). */
export function isExternal(url: string, origin = globalThis.location?.origin ?? ''): boolean {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) return false;
  try {
    return new URL(url).origin !== origin;
  } catch {
    return true;
  }
}

const SESSION_KEY = 'popstage:admin-session';
let memorySession: string | undefined;

/** A random id per admin tab session (sessionStorage; in memory where storage is blocked). */
export function analyticsSessionId(): string {
  const fresh = () =>
    globalThis.crypto?.randomUUID?.() ??
    `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  try {
    let id = sessionStorage.getItem(SESSION_KEY);
    if (!id) {
      id = fresh();
      sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    memorySession ??= fresh();
    return memorySession;
  }
}

/** The device context every event carries: no fingerprint, what the browser says openly. */
export function deviceContext(): NonNullable<AppEvent['device']> {
  const nav = globalThis.navigator;
  const screen = globalThis.screen;
  return {
    ...(nav?.userAgent ? { userAgent: nav.userAgent.slice(0, 500) } : {}),
    ...(nav?.language ? { language: nav.language.slice(0, 35) } : {}),
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone.slice(0, 64),
    ...(screen?.width ? { screenWidth: Math.round(screen.width) } : {}),
    ...(screen?.height ? { screenHeight: Math.round(screen.height) } : {}),
  };
}

export type MerchantEvent = Omit<AppEvent, 'shopId' | 'sessionId' | 'device' | 'occurredAt'>;

async function send(
  api: ApiClient,
  shop: Pick<Shop, 'config' | 'shopifyDomain'>,
  stream: AnalyticsStream,
  event: MerchantEvent,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<void> {
  const url = analyticsUrl(shop, stream);
  const body = {
    ...event,
    shopId: shop.shopifyDomain,
    sessionId: analyticsSessionId(),
    device: deviceContext(),
    occurredAt: new Date().toISOString(),
  };
  try {
    if (isExternal(url)) {
      const response = await fetchImpl(url, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'omit',
        keepalive: true,
      });
      if (!response.ok) throw new Error(`${response.status}`);
    } else {
      await api.put(url, body);
    }
  } catch (error) {
    console.warn('Analytics event not sent', stream, event.category, event.action, error);
  }
}

/** An app event (checkout, plan changes and other account-level actions). */
export function sendAppEvent(
  api: ApiClient,
  shop: Pick<Shop, 'config' | 'shopifyDomain'>,
  event: MerchantEvent,
  fetchImpl?: typeof fetch,
): Promise<void> {
  return send(api, shop, 'appevents', event, fetchImpl);
}

/** A product analytics event (what merchants do in the product: views, exports, choices). */
export function sendProductAnalytics(
  api: ApiClient,
  shop: Pick<Shop, 'config' | 'shopifyDomain'>,
  event: MerchantEvent,
  fetchImpl?: typeof fetch,
): Promise<void> {
  return send(api, shop, 'productanalytics', event, fetchImpl);
}
