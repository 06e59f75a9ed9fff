import { operatorContract as contract } from '@popstage/core/operator';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { bannerRuleOperatorRoutes } from '../banners';
import { billingOffer } from '../billing';
import { requireOperator } from './credential';
import { readOrderAttribution } from './order-attribution';
import {
  forgetShop,
  operatorShop,
  proposeCompanyPlanChange,
  setFeatureFlags,
  setMobileAppState,
} from './service';

/** /operator/api: the app's API for Popstage staff (core/operator/contract.ts). */
export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', requireOperator(deps.config.OPERATOR_API_TOKEN));
  const answer = async (domain: string) => ({ shop: await operatorShop(deps, domain) });

  serveRoute(app, contract.shop, async ({ params }) => answer(params.shop));

  serveRoute(app, contract.setFeatureFlags, async ({ params, body }) => {
    await setFeatureFlags(deps, params.shop, body);
    return answer(params.shop);
  });

  serveRoute(app, contract.proposePlanChange, async ({ params, body }) => {
    await proposeCompanyPlanChange(deps, params.shop, body);
    return answer(params.shop);
  });

  serveRoute(app, contract.setMobileAppState, async ({ params, body }) => {
    await setMobileAppState(deps, params.shop, body.preset);
    return answer(params.shop);
  });

  serveRoute(app, contract.forgetShop, async ({ params }) => ({
    deleted: await forgetShop(deps, params.shop),
  }));

  serveRoute(app, contract.billingOffer, async () =>
    billingOffer(deps.database.db, deps.catalogue),
  );

  bannerRuleOperatorRoutes(app);

  serveRoute(app, contract.orderAttribution, async ({ params }) =>
    readOrderAttribution(deps.database.db, params.shop, params.orderId),
  );
}
