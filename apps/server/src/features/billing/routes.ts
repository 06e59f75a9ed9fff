import {
  BILLING_MESSAGES,
  discountCodeStatus,
  displayFeatures,
  findPlan,
  isAmount,
  isUpgradePrice,
  normaliseDiscountCode,
  prorateUpgrade,
  publicAddons,
  publicPlans,
  toDiscountCodeInfo,
} from '@popstage/core/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isShopDomain } from '../../auth/session-token';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { ensureShop } from '../shop';
import { currentCycle } from './billing-cycle';
import { findDiscountCodeRow, readCatalogue } from './catalogue-store';
import { popclipsGating } from './gating';
import { createDraft, purchaseDraft, purchasePending } from './service';
import { activeSubscription, redemptionCount } from './subscription-store';

const amount = z.string().trim().refine(isAmount, 'Must be an amount like 29.99');
const id = z.string().trim().min(1).max(100);

/** Plans and billing (spec 01 §7). Registered under /api with the session-token hook. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const db = deps.database.db;

  app.get('/billing/plans', async () => publicPlans(await readCatalogue(db)));

  app.get(
    '/billing/plans/:planId',
    { schema: { params: z.object({ planId: id }) } },
    async (request) => {
      const catalogue = await readCatalogue(db);
      const plan = findPlan(catalogue, request.params.planId);
      const visible = catalogue.plans.some(
        (p) => p.id === request.params.planId && p.visibility === 'public',
      );
      if (!plan || !visible) throw notFound(BILLING_MESSAGES.planLoadFailed);
      return plan;
    },
  );

  app.get('/billing/addons', async () => publicAddons(await readCatalogue(db)));

  app.get('/billing/features', async () => displayFeatures(await readCatalogue(db)));

  app.get(
    '/billing/discount-codes/:code',
    { schema: { params: z.object({ code: z.string().max(64) }) } },
    async (request) => {
      const normalised = normaliseDiscountCode(request.params.code);
      const code = normalised ? await findDiscountCodeRow(db, normalised) : null;
      const usable =
        code &&
        discountCodeStatus(code, new Date(), await redemptionCount(db, code.code)) === 'active';
      if (!code || !usable) throw notFound(BILLING_MESSAGES.discountNotApplicable);
      return toDiscountCodeInfo(code);
    },
  );

  app.get(
    '/shopify/shop/subscription/adjustment-amount',
    { schema: { querystring: z.object({ currentPlanPrice: amount, newPlanPrice: amount }) } },
    async (request) => {
      const { currentPlanPrice, newPlanPrice } = request.query;
      if (!isUpgradePrice(currentPlanPrice, newPlanPrice)) {
        throw badRequest('newPlanPrice must be higher than currentPlanPrice');
      }
      const shop = await ensureShop(deps, request.shopDomain);
      const active = await activeSubscription(db, shop.id);
      const now = new Date();
      const periodEnd =
        active?.activatedAt && !active.isStub ? currentCycle(active.activatedAt, now).end : null;
      return prorateUpgrade({
        currentPlanPrice,
        newPlanPrice,
        currentPeriodEnd: periodEnd?.toISOString() ?? null,
        now,
      });
    },
  );

  app.post(
    '/shopify/shop/subscription/draft',
    {
      schema: {
        body: z.object({
          shopifyDomain: z.string().refine(isShopDomain, 'Invalid shop domain'),
          planId: id,
          extraAddonIds: z.array(id).max(10).default([]),
          discountCode: z.string().max(64).nullish(),
        }),
      },
    },
    async (request) => {
      const { shopifyDomain, ...input } = request.body;
      if (shopifyDomain !== request.shopDomain)
        throw forbidden('You do not have access to this shop');
      return createDraft(deps, request.shopDomain, input);
    },
  );

  app.post(
    '/shopify/shop/subscription',
    { schema: { body: z.object({ draftId: z.uuid() }) } },
    async (request) => purchaseDraft(deps, request.shopDomain, request.body.draftId),
  );

  app.post(
    '/shopify/shop/subscription/purchase-url',
    { schema: { body: z.object({ pendingSubscriptionId: z.uuid().optional() }) } },
    async (request) =>
      purchasePending(deps, request.shopDomain, request.body.pendingSubscriptionId),
  );

  app.get('/shopify/shop/popclips/gating', async (request) => {
    const shop = await ensureShop(deps, request.shopDomain);
    return { data: await popclipsGating(db, shop) };
  });
};
