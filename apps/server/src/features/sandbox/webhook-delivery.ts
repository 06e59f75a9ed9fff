import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signShopifyWebhook } from '../../platform/shopify/webhook-hmac';

/** How the app answered one delivery. */
export interface WebhookDelivery {
  webhookId: string;
  statusCode: number;
  body: string;
}

export interface WebhookDeliveryOptions {
  /** Shopify's topic name ('orders/create'); delivered to POST /webhooks/{topic}. */
  topic: string;
  shop: string;
  secret: string;
  apiVersion: string;
  triggeredAt: Date;
}

/**
 * Delivers a webhook to this app's own endpoint in-process (Fastify inject) as Shopify does: its
 * headers and an HMAC of the exact bytes sent. Answers the endpoint's status; never throws for a
 * refusal, since what the store did stands whatever the app answers (Shopify would retry).
 * https://shopify.dev/docs/apps/build/webhooks/subscribe/https
 */
export async function deliverWebhook(
  app: Pick<FastifyInstance, 'inject'>,
  options: WebhookDeliveryOptions,
  payload: unknown,
): Promise<WebhookDelivery> {
  const body = JSON.stringify(payload);
  const webhookId = randomUUID();
  const response = await app.inject({
    method: 'POST',
    url: `/webhooks/${options.topic}`,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Shopify-Captain-Hook',
      'x-shopify-topic': options.topic,
      'x-shopify-hmac-sha256': signShopifyWebhook(body, options.secret),
      'x-shopify-shop-domain': options.shop,
      'x-shopify-webhook-id': webhookId,
      'x-shopify-event-id': randomUUID(),
      'x-shopify-triggered-at': options.triggeredAt.toISOString(),
      'x-shopify-api-version': options.apiVersion,
    },
    payload: body,
  });
  return { webhookId, statusCode: response.statusCode, body: response.body };
}
