import { CLIP_LINE_PROPERTY, VISITOR_CART_ATTRIBUTE } from '@popstage/core/analytics';
import { createRandom } from '../store/random';

/**
 * Sandbox traffic: a month of shoppers for one shop, sent the way real shoppers' browsers send
 * it, so a newcomer sees a full Insights dashboard in a minute.
 *
 * - Storefront events go to the app's public ingest (POST {appUrl}/storefront/v1/shops/{shop}/
 *   events), exactly as the widget posts them: one batch per visit, a visitor id, a session id,
 *   and each event's time. The app keeps backdated times only on the sandbox platform (35 days);
 *   visits older than that are not generated.
 * - Orders go through the sandbox store's cart and checkout ({storeUrl}/cart/update.js with the
 *   visitor cart attribute, cart/add.js with the clip line property, then POST {storeUrl}/
 *   checkout), keeping the store's `cart` cookie between calls as a browser does. The checkout
 *   places orders at the present time (as Shopify does), so the buyers' journeys happen in the
 *   last day (a quarter of them also clicked a clip some days before).
 *
 * It depends only on a fetch function and base URLs: no app code, no database.
 */

export interface TrafficOptions {
  fetch: typeof globalThis.fetch;
  /** The app's public URL (the storefront API's origin), e.g. http://localhost:3000. */
  appUrl: string;
  /** The shop's storefront root, e.g. http://localhost:3000/sandbox/store/demo-store.myshopify.com. */
  storeUrl: string;
  shop: string;
  /** Days of traffic, today included (1-35; default 30). */
  days?: number;
  /** The same seed generates the same traffic (default 1). */
  seed?: number;
  /** Visits per day on average (default 12). */
  visitsPerDay?: number;
  /** Orders placed through the checkout (default 12). */
  orders?: number;
  /** The present (default: the current time). */
  now?: Date;
  onProgress?: (progress: TrafficProgress) => void;
}

export interface TrafficProgress {
  phase: 'feed' | 'visits' | 'orders' | 'done';
  done: number;
  total: number;
}

export type TrafficEventType = 'impression' | 'view' | 'like' | 'click' | 'add_to_cart';

export interface SentEvent {
  type: TrafficEventType;
  clipId: string;
  productId?: string;
  at: string;
  visitorId: string;
}

export interface PlacedOrder {
  /** The confirmation page the checkout redirected to. */
  confirmationUrl: string;
  /** When the order is dated (the checkout's processed_at), ISO 8601. */
  placedAt: string;
  visitorId: string;
  /** The clip the line was added from (its line property). */
  clipId: string;
  productId: string;
}

export interface TrafficReport {
  visits: number;
  /** Every event sent, with the ingest's totals for them. */
  events: SentEvent[];
  accepted: number;
  deduped: number;
  rejected: number;
  orders: PlacedOrder[];
  /** Orders the checkout refused (sold out meanwhile, …), with the reason. */
  failedOrders: string[];
  /** Why nothing was generated (no clip to show), if so. */
  skipped?: string;
}

interface FeedProduct {
  id: string;
  variantId: string | null;
  available: boolean;
}
interface FeedClip {
  id: string;
  products: FeedProduct[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The oldest time the app takes from the sandbox (SANDBOX_EVENT_MAX_AGE_MS less a margin). */
const MAX_DAYS = 35;

/** Shoppers browse more in the evening: an hour of the day, weighted. */
const HOUR_WEIGHTS = [1, 1, 1, 1, 1, 1, 2, 3, 4, 5, 5, 5, 6, 6, 5, 5, 5, 6, 7, 8, 8, 6, 4, 2];
const HOUR_TOTAL = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);

export async function generateTraffic(options: TrafficOptions): Promise<TrafficReport> {
  const fetch = options.fetch;
  // The store's seeded PRNG (mulberry32): the same seed, the same traffic.
  const { next: random } = createRandom(options.seed ?? 1);
  const days = Math.min(MAX_DAYS - 1, Math.max(1, Math.floor(options.days ?? 30)));
  const visitsPerDay = Math.max(0, options.visitsPerDay ?? 12);
  const orderCount = Math.max(0, Math.floor(options.orders ?? 12));
  const now = (options.now ?? new Date()).getTime();
  const progress = options.onProgress ?? (() => {});
  const api = `${options.appUrl.replace(/\/$/, '')}/storefront/v1/shops/${encodeURIComponent(options.shop)}`;
  const store = options.storeUrl.replace(/\/$/, '');
  const report: TrafficReport = {
    visits: 0,
    events: [],
    accepted: 0,
    deduped: 0,
    rejected: 0,
    orders: [],
    failedOrders: [],
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const id = (prefix: string) =>
    `${prefix}-${Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, '0')}${Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, '0')}`;

  progress({ phase: 'feed', done: 0, total: 1 });
  const feedResponse = await fetch(`${api}/feed`, {
    headers: { 'user-agent': SHOPPER_USER_AGENT },
  });
  if (!feedResponse.ok) throw new Error(`feed answered ${feedResponse.status}`);
  const feed = (await feedResponse.json()) as { clips: FeedClip[] };
  const clips = feed.clips;
  if (clips.length === 0)
    return { ...report, skipped: 'The shop has no processed public clip to show.' };
  // Clips are not equally popular: the first few get most of the attention.
  const popularity = clips.map((_, index) => 1 / (index + 1));
  const popularityTotal = popularity.reduce((a, b) => a + b, 0);
  const pickClip = () => {
    let r = random() * popularityTotal;
    for (let i = 0; i < clips.length; i++) {
      r -= popularity[i] ?? 0;
      if (r <= 0) return clips[i] as FeedClip;
    }
    return clips[0] as FeedClip;
  };
  const buyable = (clip: FeedClip) => clip.products.filter((p) => p.available && p.variantId);

  /**
   * A new shopper: the app issues and signs visitor ids (a widget asks once and keeps it). The
   * events carry the signed id; the cart carries and reports name the visitor (before the dot).
   */
  const newVisitor = async (): Promise<{ visitorId: string; signed: string }> => {
    const response = await postWithRetry(fetch, `${api}/visitors`, {}, 201);
    const { visitorId: signed } = (await response.json()) as { visitorId: string };
    return { visitorId: signed.slice(0, signed.lastIndexOf('.')), signed };
  };

  /** One visit's events, as the widget batches them (at most 50 a batch). */
  const visit = async (
    { visitorId, signed }: { visitorId: string; signed: string },
    at: number,
    shape: 'browse' | 'buy' | 'click',
  ) => {
    const sessionId = id('s');
    const events: SentEvent[] = [];
    const add = (type: TrafficEventType, clip: FeedClip, offsetMs: number, productId?: string) =>
      events.push({
        type,
        clipId: clip.id,
        ...(productId ? { productId } : {}),
        at: new Date(Math.min(now, at + offsetMs)).toISOString(),
        visitorId,
      });
    const seen = new Set<string>();
    const shown = 1 + Math.floor(random() * Math.min(4, clips.length));
    for (let i = 0; i < shown; i++) {
      const clip = pickClip();
      if (seen.has(clip.id)) continue;
      seen.add(clip.id);
      add('impression', clip, i * 2000);
      const watches = shape !== 'browse' || random() < 0.45;
      if (shape === 'click') continue;
      if (!watches) continue;
      add('view', clip, i * 2000 + 1000);
      if (random() < 0.08) add('like', clip, i * 2000 + 20_000);
      const product = buyable(clip)[0] ?? clip.products[0];
      if (product && random() < (shape === 'buy' ? 0.6 : 0.18)) {
        add('click', clip, i * 2000 + 25_000, product.id);
        if (product.variantId && random() < 0.35) {
          add('add_to_cart', clip, i * 2000 + 30_000, product.id);
        }
      }
    }
    if (shape === 'click') {
      const clip = pickClip();
      const product = clip.products[0];
      if (product) add('click', clip, 5000, product.id);
    }
    if (events.length === 0) return;
    const response = await postWithRetry(fetch, `${api}/events`, {
      visitorId: signed,
      sessionId,
      events: events.map(({ visitorId: _v, ...event }) => event),
    });
    const answer = (await response.json()) as {
      accepted: number;
      deduped: number;
      rejected: number;
    };
    report.visits += 1;
    report.events.push(...events);
    report.accepted += answer.accepted;
    report.deduped += answer.deduped;
    report.rejected += answer.rejected;
  };

  // Visits over the days, more at weekends and growing through the month.
  const visits: { at: number }[] = [];
  const todayStart = now - (now % DAY_MS);
  for (let d = days - 1; d >= 0; d--) {
    const dayStart = todayStart - d * DAY_MS;
    const weekday = new Date(dayStart).getUTCDay();
    const trend = 0.7 + 0.6 * ((days - d) / days);
    const weekend = weekday === 0 || weekday === 6 ? 1.3 : 1;
    const count = Math.round(visitsPerDay * trend * weekend * (0.8 + random() * 0.4));
    for (let v = 0; v < count; v++) {
      let r = random() * HOUR_TOTAL;
      let hour = 0;
      while (hour < 23 && r > (HOUR_WEIGHTS[hour] ?? 1)) r -= HOUR_WEIGHTS[hour++] ?? 1;
      const at = dayStart + hour * HOUR_MS + Math.floor(random() * HOUR_MS);
      if (at <= now - 60_000) visits.push({ at });
    }
  }
  let done = 0;
  const total = visits.length;
  for (const { at } of visits) {
    await visit(await newVisitor(), at, 'browse');
    progress({ phase: 'visits', done: ++done, total });
  }

  // Buyers: a journey ending in the checkout, on a day of the period; a quarter clicked days before.
  const withProducts = clips.filter((clip) => buyable(clip).length > 0);
  for (let o = 0; o < orderCount && withProducts.length > 0; o++) {
    const buyer = await newVisitor();
    const { visitorId } = buyer;
    if (random() < 0.25) {
      await visit(buyer, now - (2 + Math.floor(random() * 8)) * DAY_MS, 'click');
    }
    const clip = pick(withProducts);
    const product = pick(buyable(clip));
    // Spread over the period (orders dated with the checkout's processed_at), leaving room for
    // the earlier click a quarter of buyers made up to 10 days before.
    const at = now - Math.floor(random() * Math.max(1, days - 11) * DAY_MS) - 10 * 60_000;
    await postWithRetry(fetch, `${api}/events`, {
      visitorId: buyer.signed,
      sessionId: id('s'),
      events: [
        { type: 'impression', clipId: clip.id, at: new Date(at).toISOString() },
        { type: 'view', clipId: clip.id, at: new Date(at + 1000).toISOString() },
        {
          type: 'click',
          clipId: clip.id,
          productId: product.id,
          at: new Date(at + 20_000).toISOString(),
        },
        {
          type: 'add_to_cart',
          clipId: clip.id,
          productId: product.id,
          at: new Date(at + 30_000).toISOString(),
        },
      ],
    }).then(async (response) => {
      const answer = (await response.json()) as {
        accepted: number;
        deduped: number;
        rejected: number;
      };
      report.accepted += answer.accepted;
      report.deduped += answer.deduped;
      report.rejected += answer.rejected;
      report.visits += 1;
      for (const [type, offset] of [
        ['impression', 0],
        ['view', 1000],
        ['click', 20_000],
        ['add_to_cart', 30_000],
      ] as const) {
        report.events.push({
          type,
          clipId: clip.id,
          ...(type === 'click' || type === 'add_to_cart' ? { productId: product.id } : {}),
          at: new Date(at + offset).toISOString(),
          visitorId,
        });
      }
    });
    const placed = await checkout(fetch, store, visitorId, clip.id, product, new Date(at + 40_000));
    if (typeof placed === 'string') report.failedOrders.push(placed);
    else report.orders.push(placed);
    progress({ phase: 'orders', done: o + 1, total: orderCount });
  }
  progress({ phase: 'done', done: 1, total: 1 });
  return report;
}

/**
 * The simulated shoppers' browser: the app counts nothing from known bots and HTTP tools (a bare
 * fetch says `node`), and these stand for shoppers on phones.
 */
export const SHOPPER_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

/** A POST of JSON; a 429 (the ingest's per-IP limit) waits as told and tries again. */
export async function postWithRetry(
  fetch: typeof globalThis.fetch,
  url: string,
  body: unknown,
  expected = 202,
) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': SHOPPER_USER_AGENT },
      body: JSON.stringify(body),
    });
    if (response.status === 429 && attempt < 10) {
      const wait = Number(response.headers.get('retry-after') ?? '1');
      await new Promise((resolve) => setTimeout(resolve, Math.min(60, Math.max(1, wait)) * 1000));
      continue;
    }
    if (response.status !== expected) throw new Error(`${url} answered ${response.status}`);
    return response;
  }
}

/** The visitor's cart as a browser keeps it: the store's `cart` cookie. */
async function checkout(
  fetch: typeof globalThis.fetch,
  store: string,
  visitorId: string,
  clipId: string,
  product: FeedProduct,
  placedAt: Date,
): Promise<PlacedOrder | string> {
  let cookie = '';
  const remember = (response: Response) => {
    const setCookies =
      typeof response.headers.getSetCookie === 'function'
        ? response.headers.getSetCookie()
        : [response.headers.get('set-cookie') ?? ''];
    for (const header of setCookies) {
      const match = /(?:^|,\s*)cart=([^;]*)/.exec(header);
      if (match) cookie = `cart=${match[1]}`;
    }
  };
  const call = async (path: string, init: RequestInit) => {
    const response = await fetch(`${store}${path}`, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        'user-agent': SHOPPER_USER_AGENT,
        ...(cookie ? { cookie } : {}),
      },
    });
    remember(response);
    return response;
  };
  const variant = Number(product.variantId?.slice(product.variantId.lastIndexOf('/') + 1));
  const tagged = await call('/cart/update.js', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ attributes: { [VISITOR_CART_ATTRIBUTE]: visitorId } }),
  });
  if (!tagged.ok) return `cart/update.js answered ${tagged.status}`;
  const added = await call('/cart/add.js', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [{ id: variant, quantity: 1, properties: { [CLIP_LINE_PROPERTY]: clipId } }],
    }),
  });
  if (!added.ok) return `cart/add.js answered ${added.status}: ${await added.text()}`;
  const placed = await call('/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ processed_at: placedAt.toISOString() }).toString(),
  });
  const location = placed.headers.get('location');
  if (placed.status !== 303 || !location || !/\/orders\/\d+$/.test(location)) {
    return `checkout answered ${placed.status}`;
  }
  return {
    confirmationUrl: new URL(location, `${store}/`).toString(),
    placedAt: placedAt.toISOString(),
    visitorId,
    clipId,
    productId: product.id,
  };
}
