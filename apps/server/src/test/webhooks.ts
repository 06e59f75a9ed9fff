import { signShopifyWebhook } from '../platform/shopify';
import type { TestApp } from './app';

let nextWebhookId = 1;

export interface SignedWebhookOptions {
  /** X-Shopify-Shop-Domain. */
  shop: string;
  webhookId?: string;
  /** Replaces the correct signature. */
  hmac?: string;
  /** X-Shopify-Triggered-At: now unless given; null sends none. */
  triggeredAt?: Date | null;
}

/** A Shopify webhook delivery of `topic` to POST /webhooks/{topic}, signed with the app secret. */
export function postWebhook(
  t: TestApp,
  topic: string,
  body: object,
  options: SignedWebhookOptions,
) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: `/webhooks/${topic}`,
    headers: {
      'content-type': 'application/json',
      'x-shopify-hmac-sha256':
        options.hmac ?? signShopifyWebhook(Buffer.from(raw), t.deps.config.SHOPIFY_API_SECRET),
      'x-shopify-shop-domain': options.shop,
      'x-shopify-webhook-id': options.webhookId ?? `test-webhook-${nextWebhookId++}`,
      'x-shopify-topic': topic,
      'x-shopify-api-version': t.deps.config.SHOPIFY_API_VERSION,
      // Shopify sends it with every delivery; null leaves it out.
      ...(options.triggeredAt === null
        ? {}
        : { 'x-shopify-triggered-at': (options.triggeredAt ?? t.clock.now()).toISOString() }),
    },
    payload: raw,
  });
}

/** The products/update payload the sandbox store sends. */
export { productUpdatedPayload } from '@popstage/shopify-sandbox/testing';
