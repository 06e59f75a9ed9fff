import {
  type PopclipsSettings,
  popclipsSettingsBodySchema,
  POPCLIP_SERVER_MESSAGES as S,
} from '@popstage/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../http/errors';
import { ensureShop } from '../shop/service';
import { readPopclipsSettings, writePopclipsSettings } from './store';

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
    async (request) => {
      const { shopifyDomain, ...settings } = request.body;
      if (shopifyDomain !== undefined && shopifyDomain !== request.shopDomain) {
        throw forbidden(S.notYourShop);
      }
      const shop = await ensureShop(deps, request.shopDomain);
      const saved: PopclipsSettings = settings;
      await writePopclipsSettings(deps.database.db, shop.id, saved, deps.clock.now());
      return { success: true, data: saved };
    },
  );
};
