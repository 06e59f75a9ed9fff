import fastifyCookie from '@fastify/cookie';
import { isShopDomain } from '@popstage/core/shop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import type { PlatformProduct } from '../store/types';
import { html } from '../web/html';
import { notFound } from '../web/http-error';
import { storefrontCartRoutes } from './storefront-cart-routes';
import { type StoreDeps, storeContext, storefrontView } from './storefront-context';
import {
  appBlockSection,
  pageBody,
  productDetail,
  productGrid,
  renderStorefront,
} from './storefront-page';

const shop = z.string().max(255).refine(isShopDomain, 'Invalid shop domain');
const handle = z
  .string()
  .max(255)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Invalid handle');

/**
 * /sandbox/store/:shop/...: the sandbox shops' primary domains (home, collections, products,
 * pages, cart, checkout, order confirmation), each page framed like a theme's.
 */
export const storefrontRoutes: FastifyPluginAsyncZod<{ ctx: SandboxContext }> = async (
  app,
  { ctx },
) => {
  const store: StoreDeps = ctx;
  const sandbox = ctx.store;
  await app.register(fastifyCookie);
  const activeProducts = async (domain: string, collectionId?: string) =>
    (await sandbox.listProducts(domain, { first: 48, status: 'ACTIVE', collectionId })).nodes;

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/:shop', { schema: { params: z.object({ shop }) } }, async (request, reply) => {
    const ctx = await storeContext(store, request, reply, request.params.shop);
    const [view, products] = await Promise.all([
      storefrontView(store, ctx, 'index'),
      activeProducts(ctx.shop.domain),
    ]);
    const content = html`${appBlockSection(view)}${productGrid(ctx.root, products)}`;
    return reply.type('text/html; charset=utf-8').send(renderStorefront(view, 'Home', content));
  });

  app.get(
    '/:shop/collections/:handle',
    { schema: { params: z.object({ shop, handle }) } },
    async (request, reply) => {
      const ctx = await storeContext(store, request, reply, request.params.shop);
      let title = 'All products';
      let products: PlatformProduct[];
      if (request.params.handle === 'all') {
        products = await activeProducts(ctx.shop.domain);
      } else {
        const found = await sandbox.listCollections(ctx.shop.domain, {
          first: 250,
          query: request.params.handle,
        });
        const collection = found.nodes.find((c) => c.handle === request.params.handle);
        if (!collection) throw notFound('No such collection');
        title = collection.title;
        products = await activeProducts(ctx.shop.domain, collection.id);
      }
      const view = await storefrontView(store, ctx, 'collection');
      return reply
        .type('text/html; charset=utf-8')
        .send(renderStorefront(view, title, productGrid(ctx.root, products)));
    },
  );

  app.get(
    '/:shop/products/:handle',
    { schema: { params: z.object({ shop, handle }) } },
    async (request, reply) => {
      const ctx = await storeContext(store, request, reply, request.params.shop);
      const found = await sandbox.listProducts(ctx.shop.domain, {
        first: 250,
        query: request.params.handle,
      });
      const product = found.nodes.find(
        (p) => p.handle === request.params.handle && p.status === 'ACTIVE',
      );
      if (!product) throw notFound('No such product');
      const view = await storefrontView(store, ctx, 'product', product);
      return reply
        .type('text/html; charset=utf-8')
        .send(
          renderStorefront(
            view,
            product.title,
            productDetail(product, ctx.root, appBlockSection(view)),
          ),
        );
    },
  );

  app.get(
    '/:shop/pages/:handle',
    { schema: { params: z.object({ shop, handle }) } },
    async (request, reply) => {
      const ctx = await storeContext(store, request, reply, request.params.shop);
      const storePage = await sandbox.findPage(ctx.shop.domain, request.params.handle);
      if (!storePage) throw notFound('No such page');
      const view = await storefrontView(store, ctx, 'page');
      return reply
        .type('text/html; charset=utf-8')
        .send(renderStorefront(view, storePage.title, pageBody(storePage.title, storePage.body)));
    },
  );

  await app.register(storefrontCartRoutes, { ctx });
};

/**
 * /sandbox/storefront/* was the store's address before it had a cart: a permanent redirect to
 * /sandbox/store/*, so saved links and bookmarks keep working.
 */
export const movedStorefrontRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/storefront/*',
    { schema: { params: z.object({ '*': z.string().max(2000) }) } },
    // The raw URL keeps the path's encoding and the query exactly as they came.
    async (request, reply) =>
      reply.redirect(request.url.replace(/^\/sandbox\/storefront\//, '/sandbox/store/'), 301),
  );
};
