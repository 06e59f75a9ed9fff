import { popclipsSettingsBodySchema } from '@popstage/core/popclips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ensureShop } from '../shop';
import { savePopclipsSettings } from './service';
import { readPopclipsSettings } from './store';

/** Popclips settings (spec 02 §2 Settings, §7): the answer's data carries no shopifyDomain. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/shopify/shop/popclips/settings', async (request) => {
    const shop = await ensureShop(deps, request.shopDomain);
    return { data: await readPopclipsSettings(deps.database.db, shop.id) };
  });

  app.post(
    '/shopify/shop/popclips/settings',
    { schema: { body: popclipsSettingsBodySchema } },
    async (request) => ({
      success: true,
      data: await savePopclipsSettings(deps, request.shopDomain, request.body),
    }),
  );
};
