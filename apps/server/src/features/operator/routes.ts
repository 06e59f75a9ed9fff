import { operatorContract as contract } from '@popstage/core/operator';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { billingOffer } from '../billing';
import { audited } from './audit';
import { bannerRuleRoutes } from './banner-rule-routes';
import { requireOperator } from './credential';
import { readOrderAttribution } from './order-attribution';
import {
  changeMobileAppRequest,
  forgetShop,
  installedShop,
  mobileAppRequestHistory,
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
  // Every change is logged with the shop's state before and after (actor: the staff API), in the
  // change's transaction; the shop is made sure of first (it may ask the store platform).
  const logged = async <T>(
    action: string,
    domain: string,
    change: (tx: typeof deps) => Promise<T>,
  ) => {
    await installedShop(deps, domain);
    return audited(
      deps,
      'staff-api',
      { action, target: domain, read: (tx) => operatorShop(tx, domain) },
      change,
    );
  };

  serveRoute(app, contract.shop, async ({ params }) => answer(params.shop));

  serveRoute(app, contract.setFeatureFlags, async ({ params, body }) => {
    await setFeatureFlags(deps, 'staff-api', params.shop, body);
    return answer(params.shop);
  });

  serveRoute(app, contract.proposePlanChange, async ({ params, body }) => {
    await logged('shop.plan-proposal', params.shop, (tx) =>
      proposeCompanyPlanChange(tx, params.shop, body),
    );
    return answer(params.shop);
  });

  serveRoute(app, contract.setMobileAppState, async ({ params, body }) => {
    await logged('shop.mobile-app-state', params.shop, (tx) =>
      setMobileAppState(tx, params.shop, body.preset),
    );
    return answer(params.shop);
  });

  serveRoute(app, contract.changeMobileAppRequest, async ({ params, body }) => {
    await logged('shop.mobile-app-request', params.shop, (tx) =>
      changeMobileAppRequest(tx, params.shop, body),
    );
    return answer(params.shop);
  });

  serveRoute(app, contract.mobileAppRequestHistory, async ({ params }) => ({
    history: await mobileAppRequestHistory(deps, params.shop),
  }));

  // Forgetting needs no installed shop (an unknown one answers false).
  serveRoute(app, contract.forgetShop, async ({ params }) => ({
    deleted: await audited(
      deps,
      'staff-api',
      { action: 'shop.forget', target: params.shop, read: (tx) => operatorShop(tx, params.shop) },
      (tx) => forgetShop(tx, params.shop),
    ),
  }));

  serveRoute(app, contract.billingOffer, async () =>
    billingOffer(deps.database.db, deps.catalogue),
  );

  bannerRuleRoutes(app);

  serveRoute(app, contract.orderAttribution, async ({ params }) =>
    readOrderAttribution(deps.database.db, params.shop, params.orderId),
  );
}
