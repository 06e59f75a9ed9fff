import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isShopDomain } from '../../auth/session-token';
import { webhookDeliveries } from '../../db/schema';
import { verifyShopifyWebhook } from '../../platform/shopify/webhook-hmac';
import { syncShopSubscriptions } from './sync';

const TOPIC = 'app_subscriptions/update';

/**
 * Shopify webhooks, verified by HMAC-SHA256 of the raw body with the app secret. The payload is
 * not trusted: the handler re-reads the shop's active subscriptions. A delivery id seen before is
 * acknowledged without work; a failure answers 500 so Shopify retries.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // The HMAC covers the exact bytes sent, so the body must stay unparsed here.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    `/webhooks/${TOPIC}`,
    {
      schema: {
        headers: z.object({
          'x-shopify-hmac-sha256': z.string().optional(),
          'x-shopify-shop-domain': z.string().optional(),
          'x-shopify-webhook-id': z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const raw = request.body;
      const headers = request.headers;
      const valid =
        Buffer.isBuffer(raw) &&
        verifyShopifyWebhook(raw, headers['x-shopify-hmac-sha256'], deps.config.SHOPIFY_API_SECRET);
      if (!valid) {
        return reply
          .status(401)
          .send({ error: 'Unauthorized', message: 'Invalid webhook signature' });
      }
      const shop = headers['x-shopify-shop-domain'] ?? '';
      const webhookId = headers['x-shopify-webhook-id'] ?? '';
      if (!isShopDomain(shop) || webhookId === '') {
        return reply
          .status(400)
          .send({ error: 'Bad Request', message: 'Missing shop domain or webhook id' });
      }
      const { db } = deps.database;
      const seen = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.topic, TOPIC)));
      if (seen.length > 0) return { ok: true, duplicate: true };
      await syncShopSubscriptions(deps, shop);
      await db
        .insert(webhookDeliveries)
        .values({ webhookId, topic: TOPIC, shopDomain: shop })
        .onConflictDoNothing();
      return { ok: true, duplicate: false };
    },
  );
};
