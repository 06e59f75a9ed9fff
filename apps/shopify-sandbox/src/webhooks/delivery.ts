import { createHash, createHmac, randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, lte } from 'drizzle-orm';
import type { StoreDb } from '../store/database';
import { sandboxShops, sandboxWebhookDeliveries } from '../store/schema';

/**
 * Webhooks as Shopify sends them: a POST of the JSON payload to the URI the app subscribed the
 * topic to (shopify.app.toml), with Shopify's headers and an HMAC-SHA256 of the exact bytes, a
 * 5-second timeout, and on a failure (no answer, or not 2xx) retries with exponential backoff, 8
 * times over about 4 hours, with the same webhook id.
 * https://shopify.dev/docs/apps/build/webhooks/subscribe/https
 */

/** Seconds after the failed attempt n (1-based) before attempt n + 1; 8 retries, 4 hours. */
export const RETRY_DELAYS_SECONDS = [60, 120, 240, 480, 960, 1920, 3840, 6780] as const;
const TIMEOUT_MS = 5000;

export interface WebhookApp {
  /** The app's URL (application_url); relative subscription URIs resolve against it. */
  url: string;
  /** Topic → URI, from shopify.app.toml. */
  uris: ReadonlyMap<string, string>;
  /** The app's client secret: the HMAC key. */
  secret: string;
  apiVersion: string;
  /** How the store reaches the app (global fetch, or in-process inject). */
  fetch: typeof fetch;
}

/**
 * Topics whose payload carries protected customer data: Shopify sends them only to an app approved
 * for it (the compliance topics go to every app).
 * https://shopify.dev/docs/apps/launch/protected-customer-data
 */
export function needsProtectedCustomerData(topic: string): boolean {
  return /^(orders|checkouts|draft_orders|fulfillments|refunds)\//.test(topic);
}

/** How one attempt went. */
export interface WebhookDelivery {
  webhookId: string;
  topic: string;
  /** The app's status, or null when it did not answer (timeout, refused connection). */
  statusCode: number | null;
  /** When the next retry is due; null once accepted or given up. */
  nextAttemptAt: Date | null;
}

export type WebhookLogEntry = typeof sandboxWebhookDeliveries.$inferSelect;

export interface Webhooks {
  /**
   * Sends the topic's webhook now and answers the first attempt; a failure stays queued for its
   * retries. Null when the app has no subscription to the topic, or the topic needs protected
   * customer data access the app lacks in the shop (nothing is sent, as on Shopify).
   */
  send(topic: string, shop: string, payload: unknown): Promise<WebhookDelivery | null>;
  /** Attempts every delivery whose retry is due; answers how many were attempted. */
  retryDue(): Promise<number>;
  /** The shop's newest deliveries, as the partner dashboard lists them. */
  recent(shop: string, limit?: number): Promise<WebhookLogEntry[]>;
}

/**
 * The event behind a delivery, the same on every retry of it (an app dedupes by it) and distinct
 * from the webhook id: each change the store makes is one event with one delivery per topic here,
 * so it derives from the delivery's id rather than needing a column of its own.
 */
export function eventIdOf(webhookId: string): string {
  const hex = createHash('sha256').update(`event:${webhookId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function signWebhook(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

export function createWebhooks(db: StoreDb, app: WebhookApp, now: () => Date): Webhooks {
  const table = sandboxWebhookDeliveries;

  const attempt = async (entry: WebhookLogEntry): Promise<WebhookDelivery> => {
    const uri = app.uris.get(entry.topic);
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      if (!uri) throw new Error(`The app no longer subscribes to ${entry.topic}`);
      const response = await app.fetch(new URL(uri, app.url), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Shopify-Captain-Hook',
          'x-shopify-topic': entry.topic,
          'x-shopify-hmac-sha256': signWebhook(entry.body, app.secret),
          'x-shopify-shop-domain': entry.shopDomain,
          'x-shopify-webhook-id': entry.webhookId,
          'x-shopify-event-id': eventIdOf(entry.webhookId),
          'x-shopify-triggered-at': entry.triggeredAt.toISOString(),
          'x-shopify-api-version': app.apiVersion,
        },
        body: entry.body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      statusCode = response.status;
      await response.arrayBuffer();
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const attempts = entry.attempts + 1;
    const accepted = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const delay = RETRY_DELAYS_SECONDS[attempts - 1];
    const at = now();
    const nextAttemptAt =
      accepted || delay === undefined ? null : new Date(at.getTime() + delay * 1000);
    await db
      .update(table)
      .set({
        attempts,
        lastStatus: statusCode,
        lastError: accepted ? null : (error ?? `HTTP ${statusCode}`),
        nextAttemptAt,
        deliveredAt: accepted ? at : null,
      })
      .where(eq(table.webhookId, entry.webhookId));
    return { webhookId: entry.webhookId, topic: entry.topic, statusCode, nextAttemptAt };
  };

  const protectedDataGranted = async (shop: string) => {
    const [row] = await db
      .select({ granted: sandboxShops.protectedCustomerData })
      .from(sandboxShops)
      .where(eq(sandboxShops.domain, shop));
    return row?.granted ?? false;
  };

  return {
    async send(topic, shop, payload) {
      if (!app.uris.has(topic)) return null;
      if (needsProtectedCustomerData(topic) && !(await protectedDataGranted(shop))) return null;
      const [entry] = await db
        .insert(table)
        .values({
          webhookId: randomUUID(),
          shopDomain: shop,
          topic,
          body: JSON.stringify(payload),
          triggeredAt: now(),
        })
        .returning();
      if (!entry) throw new Error('webhook delivery was not recorded');
      return attempt(entry);
    },

    async retryDue() {
      const due = await db
        .select()
        .from(table)
        .where(and(isNotNull(table.nextAttemptAt), lte(table.nextAttemptAt, now())))
        .orderBy(table.nextAttemptAt)
        .limit(50);
      for (const entry of due) await attempt(entry);
      return due.length;
    },

    recent: (shop, limit = 10) =>
      db
        .select()
        .from(table)
        .where(eq(table.shopDomain, shop))
        .orderBy(desc(table.triggeredAt))
        .limit(limit),
  };
}
