import type { RouteContract, RouteReply } from '@popstage/core/contract';
import { isShopDomain } from '@popstage/core/shop';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { columnsEqual } from '../db/conditions';
import { webhookDeliveries } from '../db/schema';
import type { AppDeps } from '../deps';
import { failpoint } from '../failpoints';
import { verifyShopifyWebhook } from '../platform/shopify/webhook-hmac';
import { HttpError } from './errors';
import { hasUncleanText, MALFORMED_TEXT } from './text-guard';

/** One verified, parsed delivery of a topic. */
export interface ShopifyWebhookDelivery<T> {
  shopDomain: string;
  webhookId: string;
  /** When the event happened (X-Shopify-Triggered-At, required); the receiving time when later. */
  triggeredAt: Date;
  payload: T;
  log: FastifyBaseLogger;
}

interface WebhookHandling<P, A extends Record<string, unknown> | undefined> {
  /**
   * The shop the payload names, when it names one. The HMAC covers the body but not the headers,
   * so a payload naming another shop than X-Shopify-Shop-Domain is refused (400).
   */
  payloadShop?(payload: P): string | undefined;
  /**
   * Whether the handler's answer says the shop's storefront feed is as it was: the feed cache then
   * keeps its copy (installFeedCache drops it after every other accepted delivery).
   */
  leavesFeed?(answer: A): boolean;
  /** Does the work; must be idempotent (a delivery can arrive again before it is recorded). */
  handle(deps: AppDeps, delivery: ShopifyWebhookDelivery<P>): Promise<A>;
}

export interface ShopifyWebhookTopic<S extends z.ZodType>
  extends WebhookHandling<z.output<S>, Record<string, unknown> | undefined> {
  /** Shopify's topic name ('orders/create'); the route is POST /webhooks/{topic}. */
  topic: string;
  /** The body's schema (after the signature check); a body it refuses answers 400. */
  payload: S;
}

/** A webhook route of a core contract: POST /webhooks/{topic}, the payload as its body. */
export type WebhookContract = RouteContract & {
  method: 'POST';
  path: `/webhooks/${string}`;
  body: z.ZodType;
};

/** What a contract's handler answers: the fields of its non-duplicate answer. */
export type WebhookFields<C extends WebhookContract> = Omit<
  Extract<RouteReply<C>, { duplicate: false }>,
  'ok' | 'duplicate'
>;

export interface ShopifyWebhookRoute<C extends WebhookContract>
  extends WebhookHandling<z.output<C['body']>, WebhookFields<C>> {
  /** The topic's contract: its path names the topic, its body schema reads the payload. */
  contract: C;
}

/**
 * Shopify retries a failed delivery 8 times over 4 hours
 * (https://shopify.dev/docs/apps/build/webhooks/troubleshooting-webhooks); with an hour for clock
 * skew, a delivery triggered longer ago than this is a replay, never a retry.
 */
export const WEBHOOK_MAX_AGE_MS = 5 * 3_600_000;

export const MISSING_TRIGGERED_AT =
  'Missing or unreadable X-Shopify-Triggered-At: the delivery age cannot be checked';

const headersSchema = z.object({
  'x-shopify-hmac-sha256': z.string().optional(),
  'x-shopify-shop-domain': z.string().optional(),
  'x-shopify-webhook-id': z.string().optional(),
  'x-shopify-topic': z.string().optional(),
  'x-shopify-triggered-at': z.string().optional(),
});

/**
 * POST /webhooks/{topic} for one Shopify webhook topic: HMAC-SHA256 of the raw body with the app
 * secret (401 when wrong), shop domain and webhook id headers (400 when missing), the body's
 * schema (400 when malformed), then the handler. A webhook id seen before for the topic is
 * acknowledged without work (per shop: ids are not trusted across shops); a failure answers 500 so Shopify retries. Nothing is stored before
 * every check has passed. A topic given by its contract has its answers (duplicates included)
 * checked against the contract's response schema.
 * https://shopify.dev/docs/apps/build/webhooks/subscribe/https
 */
export function shopifyWebhookRoutes<C extends WebhookContract>(
  definition: ShopifyWebhookRoute<C>,
): FastifyPluginAsyncZod;
export function shopifyWebhookRoutes<S extends z.ZodType>(
  definition: ShopifyWebhookTopic<S>,
): FastifyPluginAsyncZod;
export function shopifyWebhookRoutes(
  given: ShopifyWebhookRoute<WebhookContract> | ShopifyWebhookTopic<z.ZodType>,
): FastifyPluginAsyncZod {
  const definition = given as WebhookHandling<unknown, Record<string, unknown> | undefined>;
  const contract = 'contract' in given ? given.contract : undefined;
  const topic = contract
    ? contract.path.slice('/webhooks/'.length)
    : (given as { topic: string }).topic;
  const payloadSchema = contract ? contract.body : (given as { payload: z.ZodType }).payload;
  const schema = contract
    ? { headers: headersSchema, response: { 200: contract.response } }
    : { headers: headersSchema };
  return async (app) => {
    const { deps } = app;
    // The HMAC covers the exact bytes sent, so the body stays unparsed until it is verified.
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    app.post(`/webhooks/${topic}`, { schema, config: { contract } }, async (request) => {
      const raw = request.body;
      const headers = request.headers;
      const signed =
        Buffer.isBuffer(raw) &&
        verifyShopifyWebhook(raw, headers['x-shopify-hmac-sha256'], deps.config.SHOPIFY_API_SECRET);
      if (!signed) throw new HttpError(401, 'Invalid webhook signature');

      const shopDomain = headers['x-shopify-shop-domain']?.trim().toLowerCase() ?? '';
      const webhookId = headers['x-shopify-webhook-id']?.trim() ?? '';
      if (!isShopDomain(shopDomain) || webhookId === '') {
        throw new HttpError(400, 'Missing shop domain or webhook id');
      }
      const sentTopic = headers['x-shopify-topic'];
      if (sentTopic !== undefined && sentTopic !== topic) {
        throw new HttpError(400, `Topic ${sentTopic} is not served at /webhooks/${topic}`);
      }
      const payload = parsePayload(raw, payloadSchema);
      const named = definition.payloadShop?.(payload);
      if (named !== undefined && named.trim().toLowerCase() !== shopDomain) {
        throw new HttpError(400, 'The payload names another shop than X-Shopify-Shop-Domain');
      }
      // Shopify sends X-Shopify-Triggered-At with every delivery
      // (https://shopify.dev/docs/apps/build/webhooks/delivery-structure): one without it, or
      // with a time that cannot be read, cannot have its age checked and is refused.
      const triggeredAt = eventTime(headers['x-shopify-triggered-at'], deps.clock.now());
      if (!triggeredAt) throw new HttpError(400, MISSING_TRIGGERED_AT);
      if (deps.clock.now().getTime() - triggeredAt.getTime() > WEBHOOK_MAX_AGE_MS) {
        throw new HttpError(400, 'The webhook was triggered too long ago: a replay is refused');
      }

      const { db } = deps.database;
      const seen = await db
        .select({ webhookId: webhookDeliveries.webhookId })
        .from(webhookDeliveries)
        .where(columnsEqual(webhookDeliveries, { shopDomain, topic, webhookId }));
      if (seen.length > 0) return { ok: true, duplicate: true };
      const answer = await definition.handle(deps, {
        shopDomain,
        webhookId,
        triggeredAt,
        payload,
        log: request.log,
      });
      failpoint('webhook.after-handle');
      await db
        .insert(webhookDeliveries)
        .values({ webhookId, topic, shopDomain })
        .onConflictDoNothing();
      if (definition.leavesFeed?.(answer)) request.feedUnchanged = true;
      return { ok: true, duplicate: false, ...answer };
    });
  };
}

function eventTime(header: string | undefined, now: Date): Date | null {
  const at = new Date(header?.trim() || Number.NaN);
  if (Number.isNaN(at.getTime())) return null;
  // A future time (clock skew) counts as now.
  return at > now ? now : at;
}

function parsePayload<S extends z.ZodType>(raw: Buffer, schema: S): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
  if (hasUncleanText(json)) throw new HttpError(400, MALFORMED_TEXT);
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  throw new HttpError(400, issues[0]?.message ?? 'Invalid webhook payload', { issues });
}
