import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isShopDomain } from '../../auth/session-token';
import { notFound } from '../../http/errors';
import type { PlatformProduct } from '../../platform/port';
import type { SandboxStore } from '../../platform/sandbox/store';
import { requireSandboxShop } from './service';
import {
  pageBody,
  productDetail,
  productGrid,
  renderStorefront,
  type StorefrontView,
} from './storefront-page';

const shop = z.string().max(255).refine(isShopDomain, 'Invalid shop domain');
const handle = z
  .string()
  .max(255)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Invalid handle');

/** /sandbox/storefront/:shop/...: the sandbox shops' primary domains (home, collections, products, pages). */
export const storefrontRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxStore }> = async (
  app,
  { sandbox },
) => {
  const viewOf = async (domain: string): Promise<StorefrontView> => {
    const platformShop = await requireSandboxShop(sandbox, domain);
    const [menu, footer, embedEnabled] = await Promise.all([
      sandbox.getMenu(domain, 'main-menu'),
      sandbox.getMenu(domain, 'footer'),
      sandbox.isAppEmbedEnabled(domain),
    ]);
    return { shop: platformShop, menu, footer, embedEnabled };
  };
  const activeProducts = async (domain: string, collectionId?: string) =>
    (await sandbox.listProducts(domain, { first: 48, status: 'ACTIVE', collectionId })).nodes;

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/:shop', { schema: { params: z.object({ shop }) } }, async (request, reply) => {
    const view = await viewOf(request.params.shop);
    const products = await activeProducts(view.shop.domain);
    return reply
      .type('text/html; charset=utf-8')
      .send(renderStorefront(view, 'Home', productGrid(view.shop.primaryDomainUrl, products)));
  });

  app.get(
    '/:shop/collections/:handle',
    { schema: { params: z.object({ shop, handle }) } },
    async (request, reply) => {
      const view = await viewOf(request.params.shop);
      let title = 'All products';
      let products: PlatformProduct[];
      if (request.params.handle === 'all') {
        products = await activeProducts(view.shop.domain);
      } else {
        const found = await sandbox.listCollections(view.shop.domain, {
          first: 250,
          query: request.params.handle,
        });
        const collection = found.nodes.find((c) => c.handle === request.params.handle);
        if (!collection) throw notFound('No such collection');
        title = collection.title;
        products = await activeProducts(view.shop.domain, collection.id);
      }
      return reply
        .type('text/html; charset=utf-8')
        .send(renderStorefront(view, title, productGrid(view.shop.primaryDomainUrl, products)));
    },
  );

  app.get(
    '/:shop/products/:handle',
    { schema: { params: z.object({ shop, handle }) } },
    async (request, reply) => {
      const view = await viewOf(request.params.shop);
      const found = await sandbox.listProducts(view.shop.domain, {
        first: 250,
        query: request.params.handle,
      });
      const product = found.nodes.find(
        (p) => p.handle === request.params.handle && p.status === 'ACTIVE',
      );
      if (!product) throw notFound('No such product');
      return reply
        .type('text/html; charset=utf-8')
        .send(renderStorefront(view, product.title, productDetail(product)));
    },
  );

  app.get(
    '/:shop/pages/:handle',
    { schema: { params: z.object({ shop, handle }) } },
    async (request, reply) => {
      const view = await viewOf(request.params.shop);
      const storePage = await sandbox.findPage(view.shop.domain, request.params.handle);
      if (!storePage) throw notFound('No such page');
      return reply
        .type('text/html; charset=utf-8')
        .send(renderStorefront(view, storePage.title, pageBody(storePage.title, storePage.body)));
    },
  );
};
