import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ShopRow } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { changesFeaturedBubble, queueFeaturedBubble } from './featured-bubble';

/**
 * A short per-process cache of each shop's storefront feed answer (docs/decisions.md "Storefront
 * feed cache"): the signed answer serialized once, with its ETag, for STOREFRONT_FEED_CACHE_SECONDS.
 * - Fresh only for the shop row it was made from and the ETag's hour: every request still reads
 *   the shop (404 for uninstalled or deactivated shops, CORS), and a changed row (featured clip,
 *   positions, currency...) loads again, in every process.
 * - Dropped in this process by any successful write that names the shop (installFeedCache): the
 *   admin API, Shopify webhooks (products/update and products/delete too, unless the product is
 *   on none of the feed's clips: request.feedUnchanged), the sandbox. Other processes' copies, and
 *   changes no request names (a clip the worker finished processing, new views and likes), show
 *   within the TTL.
 * - Concurrent misses of a shop share one load (lru-cache fetch); a load a write overtook answers
 *   the requests that were waiting on it but is not kept.
 * - Bounded: at most FEED_CACHE_MAX_SHOPS shops and FEED_CACHE_MAX_BYTES of answers.
 */

/** Feed ETags cover the answer with media keys for URLs, plus the hour (routes.ts). */
export const ETAG_BUCKET_MS = 60 * 60 * 1000;
export const FEED_CACHE_MAX_SHOPS = 1000;
/** Answers are ~1.5 KB per clip (9 KB for 6 clips, ~300 KB at the 200-clip cap). */
export const FEED_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** A feed answer as sent: its ETag and the serialized (signed) JSON, encoded once. */
export interface FeedAnswer {
  etag: string;
  body: Buffer;
}

interface Entry extends FeedAnswer {
  stamp: string;
}

interface LoadContext {
  stamp: string;
  load: () => Promise<FeedAnswer>;
}

export interface FeedCache {
  /** The shop's answer: the cached one while fresh, else one load shared by concurrent callers. */
  get(shop: ShopRow, load: () => Promise<FeedAnswer>): Promise<FeedAnswer>;
  /** Drops one shop's answer (by domain), or every shop's; the next request loads again. */
  invalidate(shopDomain?: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    storefrontFeeds: FeedCache;
  }
  interface FastifyRequest {
    /** Set by a write known to leave the storefront feeds as they were: nothing is dropped. */
    feedUnchanged: boolean;
  }
}

export function createFeedCache(options: { seconds: number; clock: Clock }): FeedCache {
  const { clock } = options;
  const stampOf = (shop: ShopRow) =>
    `${Math.floor(clock.now().getTime() / ETAG_BUCKET_MS)}:${JSON.stringify(shop)}`;
  if (options.seconds <= 0) {
    return { get: (_shop, load) => load(), invalidate: () => {} };
  }
  const cache = new LRUCache<string, Entry, LoadContext>({
    max: FEED_CACHE_MAX_SHOPS,
    maxSize: FEED_CACHE_MAX_BYTES,
    sizeCalculation: (entry) => entry.body.length + entry.stamp.length,
    ttl: options.seconds * 1000,
    // The app's clock (tests move it by hand), read on every check.
    perf: { now: () => clock.now().getTime() },
    ttlResolution: 0,
    // A load overtaken by invalidate() still answers its waiting callers, and is not stored.
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context }) => ({
      ...(await context.load()),
      stamp: context.stamp,
    }),
  });
  return {
    async get(shop, load) {
      const key = shop.shopifyDomain;
      const context = { stamp: stampOf(shop), load };
      let entry = await cache.fetch(key, { context });
      if (entry && entry.stamp !== context.stamp) {
        // Made from another version of the shop row, or in another hour: load again (shared too).
        entry = await cache.fetch(key, { context, forceRefresh: true });
      }
      return entry ?? load();
    },
    invalidate(shopDomain) {
      if (shopDomain === undefined) cache.clear();
      else cache.delete(shopDomain);
    },
  };
}

/**
 * Requests that never change a feed: shoppers' own calls (events, likes), media uploads (a clip
 * enters the feed when the worker has processed it) and the admin's analytics events.
 */
/**
 * Paths whose writes never change a feed: the storefront's own calls, media, and the local
 * Shopify's Admin API (the app's own GraphQL calls and token exchanges, made while serving a
 * request that already names its shop).
 */
const NEVER_CHANGES_FEEDS =
  /^\/(storefront|media|ingest|healthz)(\/|$)|^\/sandbox\/[a-z0-9-]+\.myshopify\.com\/admin\//;

/**
 * The shop a successful write names, '*' for any (the sandbox: its store, carts and checkout
 * are every shop's), null for none. Reads (GET, HEAD, OPTIONS) name none.
 */
export function shopWrittenBy(request: FastifyRequest, statusCode: number): string | null {
  const method = request.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return null;
  if (statusCode >= 400 || request.feedUnchanged || NEVER_CHANGES_FEEDS.test(request.url)) {
    return null;
  }
  // The verified session token's shop (the admin API).
  if (request.shopDomain) return request.shopDomain;
  // A webhook that passed its HMAC check (a forged one answers 401 and drops nothing).
  if (request.url.startsWith('/webhooks/')) {
    const header = request.headers['x-shopify-shop-domain'];
    return typeof header === 'string' ? header.trim().toLowerCase() : null;
  }
  if (request.url.startsWith('/sandbox/')) return '*';
  return null;
}

/**
 * Creates the app's feed cache (app.storefrontFeeds) and drops a shop's answer before the
 * answer to a write that names the shop is sent, so a client that saw its write succeed reads
 * the new feed from this process; those of them that can change the shop's featured bubble queue
 * a check of its metafield (featured-bubble.ts). Call on the root instance, before routes are registered.
 */
export function installFeedCache(app: FastifyInstance): void {
  const cache = createFeedCache({
    seconds: app.deps.config.STOREFRONT_FEED_CACHE_SECONDS,
    clock: app.deps.clock,
  });
  app.decorate('storefrontFeeds', cache);
  app.decorateRequest('feedUnchanged', false);
  app.addHook('onSend', async (request, reply, payload) => {
    const shop = shopWrittenBy(request, reply.statusCode);
    if (shop === null) return payload;
    cache.invalidate(shop === '*' ? undefined : shop);
    // The featured bubble the theme renders is the feed's featured clip: checked after the
    // merchant's writes that can change it.
    if (shop !== '*' && changesFeaturedBubble(request)) {
      await queueFeaturedBubble(app.deps, { shopDomain: shop }, request.log);
    }
    return payload;
  });
}
