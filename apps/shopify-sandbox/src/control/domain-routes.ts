import { isShopDomain } from '@popstage/core/shop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { StoreError } from '../store/errors';
import type { Notice } from './control-page';
import {
  addShopDomain,
  type DomainChange,
  type DomainListeners,
  makePrimaryDomain,
  removeShopDomain,
} from './domains';
import { requireSandboxShop } from './service';

const shopParams = z.object({
  shop: z.string().max(255).refine(isShopDomain, 'Invalid shop domain'),
});
const domainParams = shopParams.extend({ id: z.coerce.number().int().positive() });
const addBody = z
  .object({
    host: z.string().min(1, 'Enter a domain').max(253),
    market: z.string().trim().min(1).max(100).nullable().optional(),
  })
  .strict();
/** The form sends every field; an empty market means a domain of the primary market. */
const addForm = z.object({
  host: z.string().max(253),
  market: z
    .string()
    .max(100)
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : null)),
});
const primaryBody = z.object({ domainId: z.number().int().positive().nullable() }).strict();
const primaryForm = z.object({
  domainId: z
    .union([z.literal(''), z.string().regex(/^\d{1,15}$/)])
    .transform((value) => (value === '' ? null : Number(value))),
});

const answer = (change: DomainChange) => ({
  domain: change.domain,
  deliveries: change.deliveries.map(({ topic, delivery }) => ({
    topic,
    webhookId: delivery?.webhookId ?? null,
    statusCode: delivery?.statusCode ?? null,
  })),
});

/**
 * /sandbox's domain controls and their JSON twins: connect a custom or market domain, move the
 * primary domain, remove one, each sending Shopify's webhooks to the app.
 */
export const domainRoutes: FastifyPluginAsyncZod<{
  ctx: SandboxContext;
  listeners: DomainListeners;
}> = async (app, { ctx, listeners }) => {
  // Loopback domains connected before a restart are served again once the server listens.
  app.addHook('onReady', async () => {
    listeners.attach(app.server);
    for (const shop of await ctx.store.listShops()) {
      for (const domain of await ctx.store.listDomains(shop.domain)) listeners.serve(domain.host);
    }
  });
  app.addHook('onClose', async () => listeners.closeAll());

  app.get('/api/shops/:shop/domains', { schema: { params: shopParams } }, async (request) => {
    await requireSandboxShop(ctx, request.params.shop);
    return { domains: await ctx.store.listDomains(request.params.shop) };
  });

  app.post(
    '/api/shops/:shop/domains',
    { schema: { params: shopParams, body: addBody } },
    async (request) =>
      answer(
        await addShopDomain(ctx, listeners, request.params.shop, {
          host: request.body.host,
          market: request.body.market ?? null,
        }),
      ),
  );

  app.post(
    '/api/shops/:shop/domains/primary',
    { schema: { params: shopParams, body: primaryBody } },
    async (request) =>
      answer(await makePrimaryDomain(ctx, request.params.shop, request.body.domainId)),
  );

  app.delete(
    '/api/shops/:shop/domains/:id',
    { schema: { params: domainParams } },
    async (request) => {
      const change = await removeShopDomain(ctx, listeners, request.params.shop, request.params.id);
      if (!change.domain) throw new StoreError('not_found', 'The store has no such domain');
      return answer(change);
    },
  );

  // Form twins for the control page: 303 back to it with a notice.
  const backTo = (shop: string, notice: Notice) =>
    `/sandbox?done=${notice}#${encodeURIComponent(shop)}`;
  const refusedAsNotice = async (shop: string, done: Notice, run: () => Promise<unknown>) => {
    try {
      await run();
      return backTo(shop, done);
    } catch (error) {
      if (error instanceof StoreError && error.kind !== 'not_found') {
        return backTo(shop, 'domain_refused');
      }
      throw error;
    }
  };

  app.post(
    '/shops/:shop/domains',
    { schema: { params: shopParams, body: addForm } },
    async (request, reply) => {
      const { shop } = request.params;
      const to = await refusedAsNotice(shop, 'domain_added', () =>
        addShopDomain(ctx, listeners, shop, request.body),
      );
      return reply.redirect(to, 303);
    },
  );

  app.post(
    '/shops/:shop/domains/primary',
    { schema: { params: shopParams, body: primaryForm } },
    async (request, reply) => {
      const { shop } = request.params;
      const to = await refusedAsNotice(shop, 'domain_primary', () =>
        makePrimaryDomain(ctx, shop, request.body.domainId),
      );
      return reply.redirect(to, 303);
    },
  );

  app.post(
    '/shops/:shop/domains/:id/remove',
    { schema: { params: domainParams } },
    async (request, reply) => {
      const { shop, id } = request.params;
      await removeShopDomain(ctx, listeners, shop, id);
      return reply.redirect(backTo(shop, 'domain_removed'), 303);
    },
  );
};
