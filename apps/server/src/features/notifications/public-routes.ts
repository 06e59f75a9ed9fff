import rateLimit from '@fastify/rate-limit';
import { devicesContract as contract } from '@popstage/core/notifications';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sandboxPushInbox } from '../../db/schema';
import { serveRoute } from '../../http/contract-route';
import { HttpError } from '../../http/errors';
import { shopTopic } from '../../platform/push/port';
import { planFacts } from '../billing';
import { mobilePlanOf, shopOfAppId } from '../mobile';
import { wasDelivered } from './delivery-ledger';
import { findDevice, registerDevice, tokenHash, unregisterDevice } from './device-store';
import { findNotification, recordOpen } from './notification-store';
import { openTokens } from './open-token';
import { addressKey, deviceCap, guardNewDevice } from './registration-guard';

/** Inbox items a sandbox phone reads per poll. */
const INBOX_PAGE = 20;

/**
 * The branded app's device API (/mobile/v1, no session): the public app id names the shop.
 * Rate-limited per address like the storefront API. Answers CORS so the local Shopify's app
 * preview, a web page on another origin when it runs alone, can register as a phone would.
 */
export async function devicePublicRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const { db } = deps.database;
  await app.register(rateLimit, { max: deps.config.STOREFRONT_RATE_LIMIT, timeWindow: '1 minute' });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  app.options('/mobile/v1/apps/*', async (_request, reply) =>
    reply
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'content-type')
      .code(204)
      .send(),
  );

  const shopOf = async (publicAppId: string) => {
    const shop = await shopOfAppId(db, publicAppId);
    if (!shop) throw new HttpError(404, 'No such app');
    return shop;
  };

  serveRoute(app, contract.register, async (request) => {
    const { params, body } = request;
    const shop = await shopOf(params.publicAppId);
    if (body.platform === 'sandbox' && !deps.push.channels.sandbox) {
      throw new HttpError(400, 'Sandbox devices are for sandbox mode only');
    }
    // A customer id only as the shop's Storefront API proves it: a stranger cannot register
    // under someone else's id to receive their targeted pushes.
    const customerId = body.customerAccessToken
      ? await deps.storefront.customerOfAccessToken(shop.shopifyDomain, body.customerAccessToken)
      : null;
    if (body.customerAccessToken && !customerId) {
      throw new HttpError(401, 'The customer access token is not valid for this store');
    }
    if (body.customerId && customerId && body.customerId !== customerId) {
      throw new HttpError(403, 'The customer id is not the signed-in customer');
    }
    const address = addressKey(request.ip);
    if (!(await findDevice(db, shop.id, tokenHash(body.token)))) {
      const plan = await planFacts(db, deps.catalogue, shop);
      await guardNewDevice(db, shop.id, address, {
        perAddressHour: deps.config.DEVICE_REGISTRATIONS_PER_ADDRESS,
        perApp: deviceCap(mobilePlanOf(deps, { plan })?.downloadsMax ?? null),
      });
    }
    await registerDevice(db, deps.secrets, shop.id, {
      platform: body.platform,
      token: body.token,
      customerId,
      registeredFrom: address,
    });
    return { topic: shopTopic(shop), customerId };
  });

  serveRoute(app, contract.unregister, async ({ params, body }) => {
    const shop = await shopOf(params.publicAppId);
    await unregisterDevice(db, shop.id, body.token);
    return { success: true as const };
  });

  const tokens = openTokens(deps.config.SHOPIFY_API_SECRET);
  serveRoute(app, contract.opened, async ({ params, body }) => {
    const shop = await shopOf(params.publicAppId);
    const hash = tokenHash(body.token);
    const notification = await findNotification(db, params.id);
    const device = await findDevice(db, shop.id, hash);
    // Only the shop's own notification, reported by a device it was delivered to, with the
    // open token its payload carried to that device.
    if (
      !notification ||
      notification.shopId !== shop.id ||
      !device ||
      tokens.verify(notification.id, body.openToken) !== device.id ||
      !(await wasDelivered(db, notification.id, device.id))
    ) {
      throw new HttpError(404, 'No such notification');
    }
    await recordOpen(db, notification.id, hash);
    return { success: true as const };
  });

  serveRoute(app, contract.sandboxInbox, async ({ params, body }) => {
    if (!deps.push.channels.sandbox) throw new HttpError(404, 'No sandbox push service');
    const shop = await shopOf(params.publicAppId);
    const hash = tokenHash(body.token);
    if (!(await findDevice(db, shop.id, hash))) throw new HttpError(404, 'Unknown device');
    const rows = await db
      .select()
      .from(sandboxPushInbox)
      .where(and(eq(sandboxPushInbox.tokenHash, hash), gt(sandboxPushInbox.seq, body.after)))
      .orderBy(asc(sandboxPushInbox.seq))
      .limit(INBOX_PAGE);
    return {
      items: rows.map((row) => ({
        seq: row.seq,
        notificationId: row.notificationId,
        title: row.title,
        body: row.body,
        route: row.route,
        openToken: row.openToken,
        receivedAt: row.receivedAt.toISOString(),
      })),
    };
  });
}
