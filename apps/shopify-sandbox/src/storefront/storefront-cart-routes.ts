import { isShopDomain } from '@popstage/core/shop';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { HttpError, notFound } from '../web/http-error';
import { addItems, changeLine, clearCart, readCart, updateCart } from './storefront-cart';
import { cartJson, cartLineJson } from './storefront-cart-json';
import { cartContent, orderContent } from './storefront-cart-page';
import { addBody, changeBody, updateBody } from './storefront-cart-schemas';
import { placeOrder, processedAt } from './storefront-checkout';
import {
  issueCartToken,
  type StoreContext,
  storeContext,
  storefrontView,
} from './storefront-context';
import { ORDERS_CREATE_TOPIC, orderCreatedPayload } from './storefront-order-webhook';
import { renderStorefront } from './storefront-page';

const shop = z.string().max(255).refine(isShopDomain, 'Invalid shop domain');
const shopParams = z.object({ shop });
/** Cart calls carry a few lines and attributes, never more. */
const BODY_LIMIT = 16 * 1024;

/**
 * The sandbox store's cart: Shopify's AJAX cart API (cart.js, cart/add.js, update.js, change.js,
 * clear.js) with its request and answer shapes, the theme's form posts (/cart/add, /cart/change,
 * /checkout) that answer with pages, the cart page, and the order confirmation page.
 */
export const storefrontCartRoutes: FastifyPluginAsyncZod<{ ctx: SandboxContext }> = async (
  app,
  { ctx: store },
) => {
  const context = (
    request: Parameters<typeof storeContext>[1],
    reply: FastifyReply,
    domain: string,
  ) => storeContext(store, request, reply, domain);
  const json = { bodyLimit: BODY_LIMIT };
  const cartAnswer = async (ctx: StoreContext) => cartJson(await readCart(ctx.cart), ctx.rootPath);

  app.get('/:shop/cart.js', { schema: { params: shopParams } }, async (request, reply) =>
    cartAnswer(await context(request, reply, request.params.shop)),
  );

  app.post(
    '/:shop/cart/add.js',
    { ...json, schema: { params: shopParams, body: addBody } },
    async (request, reply) => {
      const ctx = await context(request, reply, request.params.shop);
      const body = request.body;
      const items = 'items' in body ? body.items : [body.item];
      const added = (await addItems(ctx.cart, items)).map((line) =>
        cartLineJson(line, ctx.rootPath),
      );
      // One item posted as top-level fields is answered with its line item alone, as Shopify does.
      return 'items' in body ? { items: added } : added[0];
    },
  );

  app.post(
    '/:shop/cart/update.js',
    { ...json, schema: { params: shopParams, body: updateBody } },
    async (request, reply) => {
      const ctx = await context(request, reply, request.params.shop);
      return cartJson(await updateCart(ctx.cart, request.body), ctx.rootPath);
    },
  );

  app.post(
    '/:shop/cart/change.js',
    { ...json, schema: { params: shopParams, body: changeBody } },
    async (request, reply) => {
      const ctx = await context(request, reply, request.params.shop);
      return cartJson(await changeLine(ctx.cart, request.body), ctx.rootPath);
    },
  );

  app.post('/:shop/cart/clear.js', { schema: { params: shopParams } }, async (request, reply) => {
    const ctx = await context(request, reply, request.params.shop);
    return cartJson(await clearCart(ctx.cart), ctx.rootPath);
  });

  // Pages and their forms.

  const cartPage = async (ctx: StoreContext, reply: FastifyReply, error: HttpError | null) => {
    const [cart, view] = await Promise.all([
      readCart(ctx.cart),
      storefrontView(store, ctx, 'cart'),
    ]);
    return reply
      .status(error?.statusCode ?? 200)
      .type('text/html; charset=utf-8')
      .send(
        renderStorefront(
          view,
          'Your cart',
          cartContent(ctx.root, cart, error ? cartErrorDescription(error) : null),
        ),
      );
  };

  /** A refused cart change shows the cart again with Shopify's description of the problem. */
  const orCartPage = async (
    ctx: StoreContext,
    reply: FastifyReply,
    run: () => Promise<FastifyReply>,
  ) => {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof HttpError) || cartErrorDescription(error) === null) throw error;
      return cartPage(ctx, reply, error);
    }
  };

  app.get('/:shop/cart', { schema: { params: shopParams } }, async (request, reply) =>
    cartPage(await context(request, reply, request.params.shop), reply, null),
  );

  app.post(
    '/:shop/cart/add',
    { ...json, schema: { params: shopParams, body: addBody } },
    async (request, reply) => {
      const ctx = await context(request, reply, request.params.shop);
      const body = request.body;
      return orCartPage(ctx, reply, async () => {
        await addItems(ctx.cart, 'items' in body ? body.items : [body.item]);
        return reply.redirect(`${ctx.rootPath}/cart`, 303);
      });
    },
  );

  app.post(
    '/:shop/cart/change',
    { ...json, schema: { params: shopParams, body: changeBody } },
    async (request, reply) => {
      const ctx = await context(request, reply, request.params.shop);
      return orCartPage(ctx, reply, async () => {
        await changeLine(ctx.cart, request.body);
        return reply.redirect(`${ctx.rootPath}/cart`, 303);
      });
    },
  );

  app.post('/:shop/checkout', { schema: { params: shopParams } }, async (request, reply) => {
    const ctx = await context(request, reply, request.params.shop);
    return orCartPage(ctx, reply, async () => {
      const body = (request.body ?? {}) as { processed_at?: unknown };
      const placed = await placeOrder(ctx.cart, processedAt(body.processed_at, ctx.cart.now));
      // Shopify sends orders/create as the order is placed; the app's answer cannot undo it (a
      // refusal is retried on Shopify's schedule).
      await store.webhooks.send(
        ORDERS_CREATE_TOPIC,
        ctx.shop.domain,
        orderCreatedPayload(placed.order, placed.lines, placed.note),
      );
      // The next visit starts a new cart, with a new token, as after a Shopify checkout.
      issueCartToken(reply, ctx.rootPath, store.baseUrl);
      return reply.redirect(`${ctx.rootPath}/orders/${placed.order.id}`, 303);
    });
  });

  app.get(
    '/:shop/orders/:id',
    {
      schema: {
        params: z.object({
          shop,
          id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
        }),
      },
    },
    async (request, reply) => {
      const ctx = await context(request, reply, request.params.shop);
      const order = await store.store.carts.findOrder(ctx.shop.domain, request.params.id);
      if (!order) throw notFound('No such order');
      const [products, view] = await Promise.all([
        store.store.carts.findProducts(ctx.shop.domain, [
          ...new Set(order.lines.map((l) => l.productId)),
        ]),
        storefrontView(store, ctx, 'cart'),
      ]);
      const content = orderContent(
        ctx.root,
        order,
        new Map(products.map((product) => [product.id, product])),
      );
      return reply
        .type('text/html; charset=utf-8')
        .send(renderStorefront(view, `Order ${order.name}`, content, { widget: false }));
    },
  );
};

/** Shopify's description of a cart refusal, or null for any other error. */
function cartErrorDescription(error: unknown): string | null {
  if (!(error instanceof HttpError) || error.message !== 'Cart Error') return null;
  const description = error.details?.description;
  return typeof description === 'string' ? description : null;
}
