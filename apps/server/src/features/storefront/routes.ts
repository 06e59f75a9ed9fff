import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { RouteContract } from '@popstage/core/contract';
import {
  storefrontContract as contract,
  STOREFRONT_BODY_LIMIT_BYTES,
  STOREFRONT_PREFIX,
} from '@popstage/core/storefront';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ShopRow } from '../../db/schema';
import {
  acceptedEncodings,
  COMPRESS_THRESHOLD_BYTES,
  compressedOnce,
  precompressedFile,
} from '../../http/compression';
import { serveRoute } from '../../http/contract-route';
import { forbidden, notFound } from '../../http/errors';
import { IN_PROCESS_HEADER, IN_PROCESS_TOKEN } from '../../platform/sandbox/inject-fetch';
import { MEDIA_URL_SECONDS } from '../../platform/storage/port';
import { countHoldoutVisit, holdoutPercent } from '../analytics';
import { storefrontShop } from '../shop';
import { carouselClipIds, loadStorefrontData, publishedCarousel, publishedCarousels } from './data';
import { ETAG_BUCKET_MS, type FeedAnswer } from './feed-cache';
import { batchWriter, ingestEvents } from './ingest';
import { sendLoop } from './loop';
import { likedClipIds } from './store';
import { issuedVisitor, newVisitorId } from './visitor-id';
import { visitorSiteLimit } from './visitor-site-limit';
import { type Sign, toStorefrontCarousel, toStorefrontFeed } from './wire';

const FEED_CACHE = 'public, max-age=60';
const WIDGET_CACHE = 'public, max-age=300';
const JSON_TYPE = 'application/json; charset=utf-8';
const SHOP_IN_URL = /^\/storefront\/v1\/shops\/([^/?#]+)/;

const UNKNOWN_SHOP = 'Shop not found';
const UNKNOWN_VISITOR = 'Unknown visitor';

declare module 'fastify' {
  interface FastifyRequest {
    /** The storefront shop named in the URL, looked up once per request (CORS and handler). */
    storefrontShopLookup?: Promise<ShopRow | undefined>;
  }
}

/**
 * The storefront API is its own scope under STOREFRONT_PREFIX, which confines its CORS (and the
 * `OPTIONS *` preflight route @fastify/cors adds) and its rate limit to it; its contracts' full
 * paths are served relative to that prefix.
 */
function mounted<C extends RouteContract>(route: C): C {
  if (!route.path.startsWith(`${STOREFRONT_PREFIX}/`))
    throw new Error(`${route.path}: not mounted`);
  return { ...route, path: route.path.slice(STOREFRONT_PREFIX.length) };
}

/**
 * The public storefront API (docs/api.md "Storefront (issue 7) — contract"), from core's
 * storefront contract: no token; CORS only for the shop's own origins; per-IP rate limit;
 * unknown, deactivated and uninstalled shops answer 404.
 */
export async function storefrontRoutes(
  app: FastifyInstance,
  options: StorefrontRoutesOptions = {},
): Promise<void> {
  await app.register(storefrontApi, { prefix: STOREFRONT_PREFIX, parts: options.parts ?? [] });
}

/**
 * What a part of the storefront API served by an area above this one (the live show, served by
 * the live area) gets: the shop lookup the CORS check already made, and the path to serve under.
 */
export interface StorefrontPartOptions {
  /** The URL's shop, or a 404 JSON answer ('Shop not found') when it is unknown or not served. */
  requireShop(request: Pick<FastifyRequest, 'url' | 'storefrontShopLookup'>): Promise<ShopRow>;
  /** A contract's full path made relative to the storefront scope. */
  mounted<C extends RouteContract>(route: C): C;
}
export type StorefrontPart = (
  app: FastifyInstance,
  options: StorefrontPartOptions,
) => Promise<void>;
export interface StorefrontRoutesOptions {
  /** Registered inside the storefront scope: its CORS per shop and its rate limit apply to them. */
  parts?: StorefrontPart[];
}

async function storefrontApi(
  app: FastifyInstance,
  options: { parts: StorefrontPart[] },
): Promise<void> {
  const { deps } = app;
  // The widget script is loaded by merchants' storefronts (another origin, no-cors), which
  // helmet's default Cross-Origin-Resource-Policy (same-origin) would block.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cross-origin-resource-policy', 'cross-origin');
    return payload;
  });
  const db = deps.database.db;

  const shopOf = (
    request: Pick<FastifyRequest, 'url' | 'storefrontShopLookup'>,
  ): Promise<ShopRow | undefined> => {
    if (!request.storefrontShopLookup) {
      const domain = SHOP_IN_URL.exec(request.url)?.[1];
      request.storefrontShopLookup = domain
        ? storefrontShop(db, decodeURIComponent(domain))
        : Promise.resolve(undefined);
    }
    return request.storefrontShopLookup;
  };
  const requireShop = async (
    request: Pick<FastifyRequest, 'url' | 'storefrontShopLookup'>,
  ): Promise<ShopRow> => {
    const shop = await shopOf(request);
    if (!shop) throw notFound(UNKNOWN_SHOP);
    return shop;
  };
  const requireVisitor = (shop: ShopRow, signed: string): string => {
    const visitor = issuedVisitor(
      deps.config.SHOPIFY_API_SECRET,
      shop.shopifyDomain,
      signed,
      deps.clock.now(),
    );
    if (!visitor) throw forbidden(UNKNOWN_VISITOR);
    return visitor;
  };
  const simulated = (request: FastifyRequest): boolean =>
    request.headers[IN_PROCESS_HEADER] === IN_PROCESS_TOKEN;
  const sandboxOrigin =
    deps.config.PLATFORM === 'sandbox' ? new URL(deps.config.APP_URL).origin : null;

  await app.register(cors, {
    hook: 'preHandler',
    delegator: (request, callback) => {
      shopOf(request as FastifyRequest).then(
        (shop) => {
          const origins = shop ? allowedOrigins(shop, sandboxOrigin) : [];
          callback(null, {
            origin: origins.length > 0 ? origins : false,
            methods: ['GET', 'POST'],
            allowedHeaders: ['content-type', 'if-none-match'],
            exposedHeaders: ['etag'],
            maxAge: 600,
          });
        },
        (error: Error) => callback(error),
      );
    },
  });
  await app.register(rateLimit, {
    max: deps.config.STOREFRONT_RATE_LIMIT,
    timeWindow: '1 minute',
  });
  // sendBeacon may only send safelisted types: a text/plain body is read as JSON too.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(Object.assign(new Error('Malformed JSON body'), { statusCode: 400 }), undefined);
    }
  });

  const signer: Sign = async (key) =>
    key
      ? (await deps.media.createSignedDownloadUrl(key, { expiresIn: MEDIA_URL_SECONDS })).url
      : null;
  const fingerprint: Sign = async (key) => key;

  /**
   * The shop's feed, signed and serialized once (app.storefrontFeeds may keep it a few seconds:
   * its signed URLs last 6 h), with the ETag of the unsigned answer.
   */
  const loadFeed = async (shop: ShopRow): Promise<FeedAnswer> => {
    const [data, rows, holdout] = await Promise.all([
      loadStorefrontData(deps, shop),
      publishedCarousels(db, shop.id),
      holdoutPercent(deps, shop.id),
    ]);
    const carousels = await Promise.all(
      rows.map(async (row) => ({
        row,
        clipIds: await carouselClipIds(deps.database.db, shop, row, data.clips),
      })),
    );
    const [unsigned, signed] = await Promise.all([
      toStorefrontFeed(data, carousels, fingerprint, holdout),
      toStorefrontFeed(data, carousels, signer, holdout),
    ]);
    return { etag: etagOf(unsigned, deps.clock.now()), body: Buffer.from(JSON.stringify(signed)) };
  };

  /** A built script of the widget's (dist/), with its brotli or gzip copy when the browser takes it. */
  const sendScript = async (
    file: string | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const body = file ? await readFile(file).catch(() => null) : null;
    if (!file || !body) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({ error: 'Service Unavailable', message: 'Widget not built' });
    }
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', WIDGET_CACHE)
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('vary', 'accept-encoding');
    const compressed = await precompressedFile(file, request.headers['accept-encoding']);
    if (!compressed) return reply.send(body);
    return reply
      .header('content-encoding', compressed.encoding)
      .send(await readFile(compressed.path));
  };
  // The live player and its HLS engine are built beside the player (apps/widget's dist/).
  const besideWidget = (name: string): string | null =>
    deps.widgetBundle ? path.join(path.dirname(deps.widgetBundle), name) : null;
  serveRoute(app, mounted(contract.widget), (request, reply) =>
    sendScript(deps.widgetBundle, request, reply),
  );
  serveRoute(app, mounted(contract.liveScript), (request, reply) =>
    sendScript(besideWidget('popstage-live.js'), request, reply),
  );
  serveRoute(app, mounted(contract.hlsScript), (request, reply) =>
    sendScript(besideWidget('popstage-hls.js'), request, reply),
  );

  // Response validation off: the hottest public path, answered from the feed cache as bytes
  // serialized once per load (toStorefrontFeed builds it typed; its tests check the shape).
  serveRoute(
    app,
    mounted(contract.feed),
    async (request, reply) => {
      const shop = await requireShop(request);
      const { etag, body } = await app.storefrontFeeds.get(shop, () => loadFeed(shop));
      reply
        .header('cache-control', FEED_CACHE)
        .header('etag', etag)
        .header('vary', 'origin, accept-encoding');
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      reply.type(JSON_TYPE);
      // Compressed once per cached answer, not at every request as on the way out (issue 21:
      // the feed bench lost about half its throughput to brotli at every request).
      const [encoding] =
        body.length >= COMPRESS_THRESHOLD_BYTES
          ? acceptedEncodings(request.headers['accept-encoding'])
          : [];
      if (!encoding) return reply.send(body);
      return reply.header('content-encoding', encoding).send(await compressedOnce(body, encoding));
    },
    { validateResponse: false },
  );

  serveRoute(app, mounted(contract.loop), async (request, reply) => {
    const shop = await requireShop(request);
    return sendLoop({ db, media: deps.media }, reply, {
      shopId: shop.id,
      clipId: request.params.clipId,
      version: request.query.v,
      range: request.headers.range,
    });
  });

  serveRoute(app, mounted(contract.carousel), async (request, reply) => {
    const shop = await requireShop(request);
    const row = await publishedCarousel(db, shop.id, request.params.carouselId.trim());
    if (!row) throw notFound('Carousel not found.');
    const data = await loadStorefrontData(deps, shop);
    const clipIds = await carouselClipIds(deps.database.db, shop, row, data.clips);
    const unsigned = await toStorefrontCarousel(data, row, clipIds, fingerprint);
    const etag = etagOf(unsigned, deps.clock.now());
    reply.header('cache-control', FEED_CACHE).header('etag', etag).header('vary', 'origin');
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return toStorefrontCarousel(data, row, clipIds, signer);
  });

  // Response validation off: every player batches its events here (the hot write path); the
  // answer is three counts built by ingestEvents' typed return. Batches arriving together are
  // committed together (group commit), each answered once its own rows are committed.
  const storeBatch = batchWriter(deps.database);
  serveRoute(
    app,
    mounted(contract.events),
    async (request, reply) => {
      const shop = await requireShop(request);
      reply.header('cache-control', 'no-store');
      const visitorId = requireVisitor(shop, request.body.visitorId);
      return ingestEvents(
        deps,
        storeBatch,
        shop,
        { ...request.body, visitorId },
        {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          simulated: simulated(request),
        },
      );
    },
    { validateResponse: false, route: { bodyLimit: STOREFRONT_BODY_LIMIT_BYTES } },
  );

  serveRoute(app, mounted(contract.likes), async (request, reply) => {
    const shop = await requireShop(request);
    reply.header('cache-control', 'private, no-store');
    const visitorId = requireVisitor(shop, request.query.visitorId);
    return { likedClipIds: await likedClipIds(db, shop.id, visitorId) };
  });

  serveRoute(app, mounted(contract.visit), async (request, reply) => {
    const shop = await requireShop(request);
    reply.header('cache-control', 'no-store');
    const visitorId = requireVisitor(shop, request.body.visitorId);
    return { group: await countHoldoutVisit(deps, shop, visitorId) };
  });

  const siteVisitors = visitorSiteLimit(app, {
    max: deps.config.STOREFRONT_VISITORS_PER_SITE,
    skip: simulated,
  });
  serveRoute(
    app,
    mounted(contract.visitor),
    async (request, reply) => {
      const shop = await requireShop(request);
      reply.header('cache-control', 'no-store');
      await siteVisitors(request, reply);
      const secret = deps.config.SHOPIFY_API_SECRET;
      const now = deps.clock.now();
      // Renewal keeps the visitor (an id this app signed for the shop, expired or not); any
      // other id gets a new visitor, as a first visit does.
      const renewing = request.body?.visitorId
        ? issuedVisitor(secret, shop.shopifyDomain, request.body.visitorId, now, true)
        : null;
      return { visitorId: newVisitorId(secret, shop.shopifyDomain, now, renewing) };
    },
    {
      route: {
        config: {
          rateLimit: {
            max: deps.config.STOREFRONT_VISITORS_PER_ADDRESS,
            timeWindow: '1 hour',
            // The local Shopify's traffic generator: many simulated shoppers, one caller.
            allowList: (request: FastifyRequest) => simulated(request),
          },
        },
      },
    },
  );

  for (const part of options.parts) await app.register(part, { requireShop, mounted });
}

/**
 * Where the shop's storefront runs: its myshopify domain, its primary domain and every origin
 * the platform last named (market web presences; refreshed by shop/update and domains/*
 * webhooks and each admin load, read with the shop row every request loads), and, in the
 * sandbox, the app's own origin.
 */
export function allowedOrigins(shop: ShopRow, sandboxOrigin: string | null): string[] {
  const origins = new Set<string>([`https://${shop.shopifyDomain}`, ...shop.storefrontOrigins]);
  try {
    origins.add(new URL(shop.primaryDomainUrl).origin);
  } catch {
    // A primary domain that is not a URL allows nothing more.
  }
  if (sandboxOrigin) origins.add(sandboxOrigin);
  return [...origins];
}

/**
 * Feed and carousel ETags cover the answer with media keys in place of signed URLs, plus the
 * hour: a 304 within the hour keeps URLs that are still valid for hours (they last 6 h).
 */
function etagOf(answer: unknown, now: Date): string {
  const bucket = Math.floor(now.getTime() / ETAG_BUCKET_MS);
  const hash = createHash('sha256').update(JSON.stringify(answer)).update(`:${bucket}`);
  return `"${hash.digest('base64url').slice(0, 27)}"`;
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}
