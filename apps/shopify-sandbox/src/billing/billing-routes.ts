import { isShopDomain } from '@popstage/core/shop';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { requireSandboxShop } from '../control/service';
import { shopObjectGid } from '../store/gid';
import type { SandboxAppSubscription } from '../store/store';
import {
  renderAlreadyDecidedPage,
  renderApprovalPage,
  renderUnknownChargePage,
} from './billing-page';
import { renderChargesPage } from './charges-page';

const chargeParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'Invalid charge id')
    .transform(Number),
});

/**
 * /sandbox/billing/confirm/:id: where createAppSubscription's confirmationUrl points. A decision
 * reaches the app as the signed app_subscriptions/update webhook (retried on a refusal; the app's
 * return handler also re-reads the active charges).
 */
export const billingConfirmRoutes: FastifyPluginAsyncZod<{ ctx: SandboxContext }> = async (
  app,
  { ctx },
) => {
  const sandbox = ctx.store;
  const sendPage = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(body);

  /**
   * Shopify tells the app of a decided charge with the signed APP_SUBSCRIPTIONS_UPDATE webhook.
   * Whatever the app answers, the decision stands (as a failed delivery, the app's return handler
   * re-reads the active charges and catches up).
   */
  const notifyApp = (subscription: SandboxAppSubscription) =>
    ctx.webhooks.send(
      APP_SUBSCRIPTIONS_UPDATE_TOPIC,
      subscription.shopDomain,
      appSubscriptionPayload(subscription, ctx.now()),
    );

  app.get('/confirm/:id', { schema: { params: chargeParams } }, async (request, reply) => {
    const subscription = await sandbox.getAppSubscription(request.params.id);
    if (!subscription) return sendPage(reply, 404, renderUnknownChargePage());
    if (subscription.status !== 'PENDING') {
      return sendPage(reply, 200, renderAlreadyDecidedPage(subscription));
    }
    const [shop, all] = await Promise.all([
      sandbox.getShop(subscription.shopDomain),
      sandbox.listAppSubscriptions(subscription.shopDomain),
    ]);
    const replaces = all.filter((s) => s.status === 'ACTIVE');
    return sendPage(
      reply,
      200,
      renderApprovalPage({
        shopName: shop?.name ?? subscription.shopDomain,
        subscription,
        replaces,
      }),
    );
  });

  /** The merchant's billing page: every charge of the shop with its usage records. */
  app.get(
    '/shops/:shop',
    {
      schema: {
        params: z.object({ shop: z.string().max(255).refine(isShopDomain, 'Invalid shop domain') }),
      },
    },
    async (request, reply) => {
      const shop = await requireSandboxShop(ctx, request.params.shop);
      const [subscriptions, usageRecords] = await Promise.all([
        sandbox.listAppSubscriptions(shop.domain),
        sandbox.listAppUsageRecords(shop.domain),
      ]);
      return sendPage(
        reply,
        200,
        renderChargesPage({
          shopName: shop.name,
          shopDomain: shop.domain,
          subscriptions,
          usageRecords,
        }),
      );
    },
  );

  app.post('/confirm/:id/approve', { schema: { params: chargeParams } }, async (request, reply) => {
    const result = await sandbox.approveAppSubscription(request.params.id);
    if (!result) return sendPage(reply, 404, renderUnknownChargePage());
    const { changed, subscription } = result;
    if (!changed) return sendPage(reply, 409, renderAlreadyDecidedPage(subscription));
    await notifyApp(subscription);
    return reply.redirect(returnUrlFor(subscription), 303);
  });

  app.post('/confirm/:id/decline', { schema: { params: chargeParams } }, async (request, reply) => {
    const result = await sandbox.declineAppSubscription(request.params.id);
    if (!result) return sendPage(reply, 404, renderUnknownChargePage());
    if (!result.changed) return sendPage(reply, 409, renderAlreadyDecidedPage(result.subscription));
    await notifyApp(result.subscription);
    // Shopify returns a declined charge to the app too; its return handler sees it is not active.
    return reply.redirect(returnUrlFor(result.subscription), 303);
  });
};

export const APP_SUBSCRIPTIONS_UPDATE_TOPIC = 'app_subscriptions/update';

/** The AppSubscription resource Shopify sends with APP_SUBSCRIPTIONS_UPDATE. */
function appSubscriptionPayload(subscription: SandboxAppSubscription, now: Date) {
  return {
    app_subscription: {
      admin_graphql_api_id: subscription.id,
      name: subscription.name,
      status: subscription.status,
      admin_graphql_api_shop_id: shopObjectGid(subscription.shopDomain, 'Shop'),
      created_at: subscription.createdAt,
      updated_at: now.toISOString(),
      currency: subscription.price.currencyCode,
      capped_amount: null,
      price: subscription.price.amount,
      interval: 'every_30_days',
      plan_handle: null,
    },
  };
}

/** Shopify appends the charge's numeric id to the return URL, keeping the app's own query. */
function returnUrlFor(subscription: { returnUrl: string; numericId: number }): string {
  const url = new URL(subscription.returnUrl);
  url.searchParams.set('charge_id', String(subscription.numericId));
  return url.toString();
}
