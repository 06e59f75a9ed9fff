import type { SandboxStore } from '@popstage/shopify-sandbox/store/store';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { syncShopSubscriptions } from '../billing';
import {
  renderAlreadyDecidedPage,
  renderApprovalPage,
  renderUnknownChargePage,
} from './billing-page';

const chargeParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'Invalid charge id')
    .transform(Number),
});

/**
 * /sandbox/billing/confirm/:id: where createAppSubscription's confirmationUrl points. Registered
 * inside sandboxRoutes, so the form parser and the cross-site POST refusal apply here too.
 */
export const billingConfirmRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxStore }> = async (
  app,
  { sandbox },
) => {
  const sendPage = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(body);

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

  app.post('/confirm/:id/approve', { schema: { params: chargeParams } }, async (request, reply) => {
    const result = await sandbox.approveAppSubscription(request.params.id);
    if (!result) return sendPage(reply, 404, renderUnknownChargePage());
    const { changed, subscription } = result;
    if (!changed) return sendPage(reply, 409, renderAlreadyDecidedPage(subscription));
    try {
      // What Shopify's APP_SUBSCRIPTIONS_UPDATE webhook triggers; the app's own record follows.
      await syncShopSubscriptions(app.deps, subscription.shopDomain);
    } catch (error) {
      // The charge is approved on the platform side whatever happens here; as with a failed
      // webhook, the return handler re-reads the active charges and catches up.
      request.log.error({ err: error, chargeId: subscription.id }, 'sandbox billing sync failed');
    }
    return reply.redirect(returnUrlFor(subscription), 303);
  });

  app.post('/confirm/:id/decline', { schema: { params: chargeParams } }, async (request, reply) => {
    const result = await sandbox.declineAppSubscription(request.params.id);
    if (!result) return sendPage(reply, 404, renderUnknownChargePage());
    if (!result.changed) return sendPage(reply, 409, renderAlreadyDecidedPage(result.subscription));
    // Shopify returns a declined charge to the app too; its return handler sees it is not active.
    return reply.redirect(returnUrlFor(result.subscription), 303);
  });
};

/** Shopify appends the charge's numeric id to the return URL, keeping the app's own query. */
function returnUrlFor(subscription: { returnUrl: string; numericId: number }): string {
  const url = new URL(subscription.returnUrl);
  url.searchParams.set('charge_id', String(subscription.numericId));
  return url.toString();
}
