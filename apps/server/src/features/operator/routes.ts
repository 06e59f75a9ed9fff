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
  // Every change is logged with the shop's state before and after (actor: the staff API).
  const logged = <T>(action: string, domain: string, change: () => Promise<T>) =>
    audited(
      deps,
      'staff-api',
      { action, target: domain, read: () => operatorShop(deps, domain) },
      change,
    );

  serveRoute(app, contract.shop, async ({ params }) => answer(params.shop));

  serveRoute(app, contract.setFeatureFlags, async ({ params, body }) => {
    await logged('shop.feature-flags', params.shop, () => setFeatureFlags(deps, params.shop, body));
    return answer(params.shop);
  });

  serveRoute(app, contract.proposePlanChange, async ({ params, body }) => {
    await logged('shop.plan-proposal', params.shop, () =>
      proposeCompanyPlanChange(deps, params.shop, body),
    );
    return answer(params.shop);
  });

  serveRoute(app, contract.setMobileAppState, async ({ params, body }) => {
    await logged('shop.mobile-app-state', params.shop, () =>
      setMobileAppState(deps, params.shop, body.preset),
    );
    return answer(params.shop);
  });

  serveRoute(app, contract.changeMobileAppRequest, async ({ params, body }) => {
    await logged('shop.mobile-app-request', params.shop, () =>
      changeMobileAppRequest(deps, params.shop, body),
    );
    return answer(params.shop);
  });

  serveRoute(app, contract.mobileAppRequestHistory, async ({ params }) => ({
    history: await mobileAppRequestHistory(deps, params.shop),
  }));

  serveRoute(app, contract.forgetShop, async ({ params }) => ({
    deleted: await logged('shop.forget', params.shop, () => forgetShop(deps, params.shop)),
  }));

  serveRoute(app, contract.billingOffer, async () =>
    billingOffer(deps.database.db, deps.catalogue),
  );

  bannerRuleRoutes(app);

  serveRoute(app, contract.orderAttribution, async ({ params }) =>
    readOrderAttribution(deps.database.db, params.shop, params.orderId),
  );
}
