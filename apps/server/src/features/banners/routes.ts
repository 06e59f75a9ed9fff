import { bannersContract } from '@popstage/core/banners';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { dismissPopup, shopPopups } from './service';
import { keepRawJsonBodies, requirePopupSignature } from './signature';

/** The merchant's promo banners (session token, plus the signed timestamp of spec 03 §7). */
export async function bannerRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  keepRawJsonBodies(app);
  app.addHook('preHandler', requirePopupSignature(deps.clock));

  serveRoute(app, bannersContract.shopPopups, async ({ tenant, query }) => ({
    data: await shopPopups(deps, tenant, query),
  }));

  serveRoute(app, bannersContract.dismiss, async ({ tenant, body }) => ({
    data: await dismissPopup(deps, tenant, body),
  }));
}
