import {
  ACCOUNT_SERVER_MESSAGES,
  type SupportRequestWire,
  supportRequestBodySchema,
} from '@popstage/core/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../http/errors';
import { findStoreAccount } from '../account';
import { activeSubscription } from '../billing';
import { ensureShop } from '../shop';
import { insertSupportRequest, type SupportRequestRow, supportRequestsOf } from './store';
import { signZendeskToken } from './zendesk-token';

/** The support widget: its user token (Zendesk) and the sandbox's request form. Under /api. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps.database;

  // The same three conditions as the support button (spec 01 §2.5, §6), enforced here too.
  app.get('/shopify/shop/zendesk/token', async (request) => {
    const shop = await ensureShop(deps, request.shopDomain);
    const { HELP_WIDGET_KEY, ZENDESK_KEY_ID, ZENDESK_SHARED_SECRET } = deps.config;
    if (!HELP_WIDGET_KEY || !ZENDESK_KEY_ID || !ZENDESK_SHARED_SECRET) {
      throw forbidden(ACCOUNT_SERVER_MESSAGES.supportNotConfigured);
    }
    if (!shop.csStoreCreated) throw forbidden(ACCOUNT_SERVER_MESSAGES.supportNeedsStoreAccount);
    if (!(await activeSubscription(db, shop.id))) {
      throw forbidden(ACCOUNT_SERVER_MESSAGES.supportNeedsSubscription);
    }
    const account = await findStoreAccount(db, shop.id);
    const jwt = await signZendeskToken(
      {
        externalId: shop.shopifyDomain,
        name: shop.ownerName || shop.shopName,
        email: account?.email ?? shop.ownerEmail,
      },
      { keyId: ZENDESK_KEY_ID, sharedSecret: ZENDESK_SHARED_SECRET },
      deps.clock.now(),
    );
    return { data: { zendeskToken: { jwt } } };
  });

  app.get('/shopify/shop/support-requests', async (request) => {
    const shop = await ensureShop(deps, request.shopDomain);
    return { data: (await supportRequestsOf(db, shop.id)).map(supportWire) };
  });

  app.post(
    '/shopify/shop/support-requests',
    { schema: { body: supportRequestBodySchema } },
    async (request, reply) => {
      const shop = await ensureShop(deps, request.shopDomain);
      const row = await insertSupportRequest(db, {
        shopId: shop.id,
        ...request.body,
        createdAt: deps.clock.now(),
      });
      return reply.status(201).send({ data: supportWire(row) });
    },
  );
};

function supportWire(row: SupportRequestRow): SupportRequestWire {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
  };
}
