import rateLimit from '@fastify/rate-limit';
import { COLLECTION_PRODUCTS_FIRST, publicMobileConfigSchema } from '@popstage/core/mobile';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { shops } from '../../db/schema';
import { isValidObjectKey } from '../../platform/storage/keys';
import { desiredAppName } from './app-request-service';
import { ASSETS_PATH } from './assets';
import { clientIdOf } from './config-service';
import { configByPublicId, configWire } from './config-store';
import { toCollectionWire, toMenuWire } from './wire';

/**
 * The public mobile API (/mobile/v1): the branded app's config by its public app id (what the
 * preview and a real branded app read, no session), and the app's uploaded images.
 */
export async function mobilePublicRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  await app.register(rateLimit, { max: deps.config.STOREFRONT_RATE_LIMIT, timeWindow: '1 minute' });

  app.get(
    '/mobile/v1/config/:publicAppId',
    {
      schema: {
        params: z.object({ publicAppId: z.uuid('Invalid app id') }),
        response: {
          200: publicMobileConfigSchema,
          404: z.object({ error: z.string(), message: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const { publicAppId } = request.params as { publicAppId: string };
      const { db } = deps.database;
      const row = await configByPublicId(db, publicAppId);
      const [shop] = row ? await db.select().from(shops).where(eq(shops.id, row.shopId)) : [];
      if (!row || !shop || shop.uninstalledAt) {
        return reply.code(404).send({ error: 'Not Found', message: 'No such app' });
      }
      const domain = shop.shopifyDomain;
      const menu = async (handle: string | null) => {
        const found = handle ? await deps.storefront.menu(domain, handle) : null;
        return found ? toMenuWire(found) : null;
      };
      const collection = row.collectionId
        ? await deps.storefront.collectionWithProducts(
            domain,
            row.collectionId,
            COLLECTION_PRODUCTS_FIRST,
          )
        : null;
      const { publicAppId: _, ...config } = configWire(row, clientIdOf(shop));
      reply.header('cache-control', 'public, max-age=30');
      return {
        shop: { name: shop.shopName, domain, primaryDomainUrl: shop.primaryDomainUrl },
        appName: await desiredAppName(db, shop.id),
        config,
        featuredCollection: collection ? toCollectionWire(collection) : null,
        menus: {
          main: await menu(row.menuHandle),
          shop: await menu(row.shopMenuHandle),
          customLinks: await menu(row.customLinksHandle),
        },
        popclipsFeedUrl: `${deps.config.APP_URL}/storefront/v1/shops/${domain}/feed`,
      };
    },
  );

  // The branded app's images: public like a CDN's, only under apps/.
  app.get(`${ASSETS_PATH}*`, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!key.startsWith('apps/') || !isValidObjectKey(key)) {
      return reply.code(404).send({ error: 'Not Found', message: 'No such image' });
    }
    const object = await deps.media.getObject(key);
    if (!object) return reply.code(404).send({ error: 'Not Found', message: 'No such image' });
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('cache-control', 'public, max-age=86400')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
      .send(object.body);
  });
}
