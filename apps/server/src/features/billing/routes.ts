import {
  BILLING_MESSAGES,
  billingContract as contract,
  displayFeatures,
  findPlan,
  publicAddons,
  publicPlans,
  toDiscountCodeInfo,
  toGatingWire,
} from '@popstage/core/billing';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { notFound } from '../../http/errors';
import { popclipsGating } from './gating';
import { liveFeesOf } from './live-fees';
import { usableDiscountCode } from './pricing';
import { createDraft, purchaseDraft, purchasePending, quoteUpgrade } from './service';
import { draftWire, purchaseWire } from './wire';

/**
 * Plans and billing (spec 01 §7) from core's billing contract; the tenant is request.tenant. The
 * catalogue is deps.catalogue (catalogue.v1.json, validated at start): no table is read for it.
 */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const { catalogue } = deps;

  serveRoute(app, contract.plans, async () => publicPlans(catalogue));

  serveRoute(app, contract.plan, async ({ params }) => {
    const plan = findPlan(catalogue, params.planId);
    const visible = catalogue.plans.some(
      (candidate) => candidate.id === params.planId && candidate.visibility === 'public',
    );
    if (!plan || !visible) throw notFound(BILLING_MESSAGES.planLoadFailed);
    return plan;
  });

  serveRoute(app, contract.addons, async () => publicAddons(catalogue));

  serveRoute(app, contract.features, async () => displayFeatures(catalogue));

  serveRoute(app, contract.discountCode, async ({ params }) => {
    const code = await usableDiscountCode(deps.database.db, params.code, deps.clock.now());
    if (!code) throw notFound(BILLING_MESSAGES.discountNotApplicable);
    return toDiscountCodeInfo(code);
  });

  serveRoute(app, contract.adjustmentAmount, async ({ tenant, query }) =>
    quoteUpgrade(deps, tenant, query),
  );

  serveRoute(app, contract.draft, async ({ tenant, body }) =>
    draftWire(await createDraft(deps, tenant, body)),
  );

  serveRoute(app, contract.purchase, async ({ tenant, body }) =>
    purchaseWire(await purchaseDraft(deps, tenant, body.draftId)),
  );

  serveRoute(app, contract.purchasePending, async ({ tenant, body }) =>
    purchaseWire(await purchasePending(deps, tenant, body.pendingSubscriptionId)),
  );

  // The shop is the session's: a shop only ever sees its own fees.
  serveRoute(app, contract.liveFees, async ({ tenant, query }) =>
    liveFeesOf(deps, tenant.shop, query.limit),
  );

  serveRoute(app, contract.gating, async ({ tenant }) => ({
    data: toGatingWire(await popclipsGating(deps, tenant)),
  }));
}
