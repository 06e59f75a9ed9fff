import {
  type AdjustmentAmount,
  BILLING_MESSAGES,
  checkCheckout,
  EMPTY_SELECTION_MESSAGE,
  isUpgradePrice,
  isZeroAmount,
  LIVE_FEE_CAPPED_AMOUNT,
  LIVE_FEE_TERMS,
  prorateDowngrade,
  prorateUpgrade,
  subscriptionName,
} from '@popstage/core/billing';
import { FEATURE_IDS } from '@popstage/core/shop';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { failpoint } from '../../failpoints';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors';
import type { Tenant } from '../../tenant';
import { ensureShop, withShopLock } from '../shop';
import { currentCycle } from './billing-cycle';
import { type DraftRow, findDraft, insertDraft } from './draft-store';
import { type PricedSelection, priceSelection } from './pricing';
import {
  activeSubscription,
  cancelOpenSubscriptions,
  endSubscriptions,
  findSubscription,
  insertSubscription,
  pendingProposal,
  type SubscriptionRow,
  storeCharge,
  updateSubscription,
} from './subscription-store';

type BillingDeps = Pick<AppDeps, 'database' | 'catalogue' | 'clock' | 'platform' | 'config'>;

/** What a purchase call leads to: the platform's approval page, or nothing to approve (stub). */
export interface Purchase {
  confirmationUrl: string | null;
  subscription: SubscriptionRow;
}

export interface DraftInput {
  /** Must be the session's shop. */
  shopifyDomain: string;
  planId: string;
  extraAddonIds: string[];
  discountCode?: string | null | undefined;
}

/**
 * GET adjustment-amount over the active subscription's cycle: an upgrade's prorated charge, or a
 * downgrade's app credit (both applied at once: createSubscription's APPLY_IMMEDIATELY).
 */
export function quoteUpgrade(
  deps: Pick<AppDeps, 'clock'>,
  tenant: Pick<Tenant, 'plan'>,
  input: { currentPlanPrice: string; newPlanPrice: string },
): AdjustmentAmount {
  const { currentPlanPrice, newPlanPrice } = input;
  const upgrade = isUpgradePrice(currentPlanPrice, newPlanPrice);
  if (!upgrade && !isUpgradePrice(newPlanPrice, currentPlanPrice)) {
    throw badRequest('newPlanPrice must differ from currentPlanPrice');
  }
  const active = tenant.plan.subscription;
  const now = deps.clock.now();
  const periodEnd =
    active?.activatedAt && !active.isStub ? currentCycle(active.activatedAt, now).end : null;
  const quote = {
    currentPlanPrice,
    newPlanPrice,
    currentPeriodEnd: periodEnd?.toISOString() ?? null,
    now,
  };
  return upgrade ? prorateUpgrade(quote) : prorateDowngrade(quote);
}

/** POST subscription/draft: a priced, stored selection the merchant confirms in the modal. */
export async function createDraft(
  deps: BillingDeps,
  tenant: Pick<Tenant, 'shop' | 'plan'>,
  input: DraftInput,
): Promise<DraftRow> {
  const { shop } = tenant;
  if (input.shopifyDomain !== shop.shopifyDomain) {
    throw forbidden('You do not have access to this shop');
  }
  const active = tenant.plan.subscription;
  const activePlan = deps.catalogue.plans.find((plan) => plan.id === active?.planId);
  const check = checkCheckout({
    activePlanSku: activePlan?.skuCode ?? null,
    selectedAddonIds: input.extraAddonIds,
    includedAddonIds: [],
  });
  if (!check.ok) throw badRequest(check.message);
  // Buying exactly what is already active adds no plan.
  if (active && sameSet(active.addonIds, input.extraAddonIds) && active.planId === input.planId) {
    throw badRequest(EMPTY_SELECTION_MESSAGE);
  }
  const { db } = deps.database;
  const priced = await priceSelection(
    db,
    deps.catalogue,
    { planId: input.planId, addonIds: input.extraAddonIds, discountCode: input.discountCode },
    deps.clock.now(),
  );
  return insertDraft(db, { shopId: shop.id, ...draftValues(priced) });
}

/** POST subscription { draftId }: a charge to approve, or a free plan activated at once. */
export async function purchaseDraft(
  deps: BillingDeps,
  tenant: Pick<Tenant, 'shop'>,
  draftId: string,
): Promise<Purchase> {
  const { shop } = tenant;
  const draft = await findDraft(deps.database.db, shop.id, draftId);
  if (!draft) throw notFound('Draft not found');
  // Re-price: the catalogue or the code's redemptions may have changed since the draft.
  const priced = await priceSelection(
    deps.database.db,
    deps.catalogue,
    { planId: draft.planId, addonIds: draft.addonIds, discountCode: draft.discountCode },
    deps.clock.now(),
  );
  return purchase(deps, shop, draft.id, priced);
}

/** Accept Plan Change: the purchase link of a plan change Popstage proposed. */
export async function purchasePending(
  deps: BillingDeps,
  tenant: Pick<Tenant, 'shop'>,
  pendingId: string | undefined,
): Promise<Purchase> {
  const { shop } = tenant;
  const { db } = deps.database;
  const pending = pendingId
    ? await findSubscription(db, shop.id, pendingId)
    : await pendingProposal(db, shop.id);
  if (pending?.status !== 'PENDING' || pending.origin !== 'company') {
    throw notFound('There is no pending plan change');
  }
  if (pending.confirmationUrl) {
    return { confirmationUrl: pending.confirmationUrl, subscription: pending };
  }
  if (isZeroAmount(pending.total)) {
    return { confirmationUrl: null, subscription: await activateStub(deps, shop, pending) };
  }
  const charge = await createCharge(deps, shop, pending);
  const updated = await updateSubscription(db, pending.id, charge);
  return { confirmationUrl: charge.confirmationUrl, subscription: updated };
}

/**
 * A plan change proposed by Popstage staff (the sandbox page stands in for their tool). Not a
 * merchant's call: the shop is named by the staff, so it is resolved here.
 */
export async function proposePlanChange(
  deps: BillingDeps,
  shopDomain: string,
  input: { planId: string; addonIds: string[] },
): Promise<SubscriptionRow> {
  const shop = await ensureShop(deps, shopDomain);
  const { db } = deps.database;
  const priced = await priceSelection(
    db,
    deps.catalogue,
    { ...input, discountCode: null },
    deps.clock.now(),
  );
  const draft = await insertDraft(db, { shopId: shop.id, ...draftValues(priced) });
  return insertSubscription(db, {
    ...subscriptionValues(shop, draft.id, priced),
    status: 'PENDING',
    origin: 'company',
    isStub: false,
  });
}

async function purchase(
  deps: BillingDeps,
  shop: ShopRow,
  draftId: string,
  priced: PricedSelection,
): Promise<Purchase> {
  const { db } = deps.database;
  const values = { ...subscriptionValues(shop, draftId, priced), origin: 'merchant' as const };
  if (isZeroAmount(priced.order.total)) {
    const pending = await insertSubscription(db, { ...values, status: 'PENDING', isStub: true });
    return { confirmationUrl: null, subscription: await activateStub(deps, shop, pending) };
  }
  const pending = await insertSubscription(db, { ...values, status: 'PENDING', isStub: false });
  try {
    const charge = await createCharge(deps, shop, pending);
    const updated = await storeCharge(db, pending.id, charge);
    if (!updated) throw new HttpError(502, BILLING_MESSAGES.checkoutLinkFailed);
    return { confirmationUrl: charge.confirmationUrl, subscription: updated };
  } catch (error) {
    await updateSubscription(db, pending.id, {
      status: 'CANCELLED',
      endedAt: deps.clock.now(),
    });
    if (error instanceof HttpError) throw error;
    throw new HttpError(502, BILLING_MESSAGES.checkoutLinkFailed);
  }
}

/** Creates the platform charge for a stored subscription (one recurring line, 30-day interval). */
async function createCharge(
  deps: Pick<AppDeps, 'config' | 'platform'>,
  shop: ShopRow,
  row: SubscriptionRow,
) {
  const { config, platform } = deps;
  const discount =
    row.discountPercentage !== null
      ? { percentage: Number(row.discountPercentage) }
      : row.discountAmount !== null && Number(row.discountAmount) > 0
        ? { amount: row.discountAmount }
        : undefined;
  const { subscription, confirmationUrl } = await platform.createAppSubscription(
    shop.shopifyDomain,
    {
      name: chargeName(row),
      price: { amount: row.subtotal, currencyCode: row.currencyCode },
      ...(discount ? { discount } : {}),
      // A plan with live selling adds the success fee's usage line item (issue 32).
      ...(includesLive(row)
        ? {
            usage: {
              cappedAmount: { amount: LIVE_FEE_CAPPED_AMOUNT, currencyCode: row.currencyCode },
              terms: LIVE_FEE_TERMS,
            },
          }
        : {}),
      returnUrl: `${config.APP_URL}/billing/return?shop=${encodeURIComponent(shop.shopifyDomain)}`,
      test: await isTestCharge(deps, shop),
      replacementBehavior: 'APPLY_IMMEDIATELY',
    },
  );
  failpoint('billing.after-charge');
  return { platformSubscriptionId: subscription.id, confirmationUrl };
}

/**
 * A charge is a test charge exactly when the shop is a development store, read from the platform
 * at checkout (a development store moved to a paid plan bills from its next checkout), or when
 * SHOPIFY_BILLING_TEST forces test charges (staging, demos, review stores).
 */
export async function isTestCharge(
  deps: Pick<AppDeps, 'config' | 'platform'>,
  shop: ShopRow,
): Promise<boolean> {
  if (deps.config.SHOPIFY_BILLING_TEST) return true;
  const platformShop = await deps.platform.getShop(shop.shopifyDomain);
  if (!platformShop) throw new HttpError(502, BILLING_MESSAGES.checkoutLinkFailed);
  return platformShop.developmentStore;
}

/**
 * A free selection needs no approval: it replaces the active subscription at once. The active one
 * is read again here (not taken from the tenant): this is the moment the plan changes.
 */
async function activateStub(
  deps: Pick<AppDeps, 'database' | 'platform' | 'clock'>,
  shop: ShopRow,
  pending: SubscriptionRow,
): Promise<SubscriptionRow> {
  const { db } = deps.database;
  const previous = await activeSubscription(db, shop.id);
  if (previous?.platformSubscriptionId && !previous.isStub) {
    await deps.platform.cancelAppSubscription(shop.shopifyDomain, previous.platformSubscriptionId);
  }
  return withShopLock(db, shop.id, async (tx) => {
    const now = deps.clock.now();
    const activated = await updateSubscription(tx, pending.id, {
      status: 'ACTIVE',
      isStub: true,
      activatedAt: now,
    });
    await endSubscriptions(tx, previous ? [previous.id] : [], 'REPLACED', now);
    return activated;
  });
}

/** Whether the subscription buys a live add-on (feature 'live'), which carries the success fee. */
function includesLive(row: SubscriptionRow): boolean {
  return row.lineItems.some((line) => line.type === 'addon' && line.item.featureId === 'live');
}

/** The approval page's and the bill's name: 'Popclips Basic · Mobile Pro · Live Basic'. */
function chargeName(row: SubscriptionRow): string {
  const addons = row.lineItems
    .filter((line) => line.type === 'addon')
    .flatMap((line) => {
      const featureId = FEATURE_IDS.find((id) => id === line.item.featureId);
      return featureId ? [{ featureId, name: String(line.item.name ?? '') }] : [];
    });
  return subscriptionName(addons).slice(0, 255);
}

function draftValues(priced: PricedSelection) {
  return {
    planId: priced.plan.id,
    addonIds: priced.addons.map((addon) => addon.id),
    discountCode: priced.code?.code ?? null,
    lineItems: priced.lineItems,
    subtotal: priced.order.subtotal,
    total: priced.order.total,
    discountAmount: priced.order.applied ? priced.order.discount : null,
    discountPercentage:
      priced.order.discountPercentage === null ? null : String(priced.order.discountPercentage),
    currencyCode: priced.currencyCode,
  };
}

function subscriptionValues(shop: ShopRow, draftId: string, priced: PricedSelection) {
  return { shopId: shop.id, draftId, ...draftValues(priced) };
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

/**
 * Ends every open subscription of the shop (active and pending) as cancelled, in the caller's
 * transaction: the uninstall's, since Shopify cancels an app's charges when it is uninstalled.
 */
export function cancelShopSubscriptions(
  tx: Parameters<typeof cancelOpenSubscriptions>[0],
  shopId: string,
  at: Date,
): Promise<void> {
  return cancelOpenSubscriptions(tx, shopId, at);
}
