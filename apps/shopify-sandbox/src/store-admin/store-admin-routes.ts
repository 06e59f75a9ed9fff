import { isShopDomain } from '@popstage/core/shop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { requireSandboxShop } from '../control/service';
import { toGid } from '../store/gid';
import { HttpError } from '../web/http-error';
import { orderAdminPage, ordersAdminPage } from './order-admin-page';
import { productsAdminPage } from './products-admin-page';

const shopParams = z.object({
  shop: z.string().max(255).refine(isShopDomain, 'Invalid shop domain'),
});
/** Most products a picker lists: a sandbox shop has a few dozen. */
const PAGE_SIZE = 250;
/** A checked product's field: `product_<numeric id>=on` (the forms parser keeps flat fields). */
const PRODUCT_FIELD = /^product_(\d+)$/;

/**
 * The local Shopify's store admin pages a merchant uses beside the app: the orders (each order's
 * page carries what Popstage credited) and the products admin, where a merchant picks the products the Popstage sales
 * channel may sell (Shopify: Products, select, "Include in sales channels"). The app's setup
 * wizard links here ("Choose products"); publishing every active product stays the app's button.
 */
export const storeAdminRoutes: FastifyPluginAsyncZod<{ ctx: SandboxContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/store/:shop/admin/products',
    {
      schema: {
        params: shopParams,
        querystring: z.object({ included: z.string().max(6).optional() }),
      },
    },
    async (request, reply) => {
      const shop = await requireSandboxShop(ctx, request.params.shop);
      const products = await ctx.store.listProducts(shop.domain, { first: PAGE_SIZE });
      const channel = await ctx.store.salesChannel(shop.domain);
      const included = request.query.included;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          productsAdminPage({
            shop: shop.domain,
            shopName: shop.name,
            products: products.nodes,
            channelConnected: channel !== null,
            included: included !== undefined && /^\d+$/.test(included) ? Number(included) : null,
          }),
        );
    },
  );

  app.post(
    '/store/:shop/admin/products/sales-channel',
    { schema: { params: shopParams, body: z.record(z.string().max(80), z.string().max(10)) } },
    async (request, reply) => {
      const shop = await requireSandboxShop(ctx, request.params.shop);
      const ids = Object.keys(request.body).flatMap((field) => {
        const id = PRODUCT_FIELD.exec(field)?.[1];
        return id ? [toGid('Product', Number(id))] : [];
      });
      if (ids.length === 0) {
        throw new HttpError(
          400,
          'Select at least one product to include in the Popstage sales channel.',
        );
      }
      if ((await ctx.store.salesChannel(shop.domain)) === null) {
        throw new HttpError(
          409,
          'The Popstage sales channel is not connected on this store yet: open the app once (it connects the channel on its first load).',
        );
      }
      const included = await ctx.store.publishProducts(shop.domain, ids);
      const back = `${request.url.replace(/\/sales-channel(\?.*)?$/, '')}?included=${included}`;
      return reply.redirect(back, 303);
    },
  );

  app.get(
    '/store/:shop/admin/orders',
    { schema: { params: shopParams } },
    async (request, reply) => {
      const shop = await requireSandboxShop(ctx, request.params.shop);
      const orders = await ctx.store.carts.latestOrders(shop.domain, 50);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(ordersAdminPage(shop.name, orders));
    },
  );

  app.get(
    '/store/:shop/admin/orders/:id',
    {
      schema: {
        params: shopParams.extend({
          id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
        }),
      },
    },
    async (request, reply) => {
      const shop = await requireSandboxShop(ctx, request.params.shop);
      const order = await ctx.store.carts.findOrder(shop.domain, request.params.id);
      if (!order) throw new HttpError(404, 'No such order');
      // What the app credited, from its staff API (Shopify: the app's block on the order page).
      const attribution =
        (await ctx.operator?.orderAttribution(shop.domain, String(order.id)).catch(() => null)) ??
        null;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(orderAdminPage(shop.name, order, attribution));
    },
  );
};
