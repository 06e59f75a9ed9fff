import {
  BILLING_MESSAGES,
  checkCheckout,
  EMPTY_SELECTION_MESSAGE,
  isZeroAmount,
  type PurchaseResult,
  type SubscriptionDraft,
} from '@popstage/core/billing';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { ensureShop } from '../shop';
import { readCatalogue } from './catalogue-store';
import { findDraft, insertDraft } from './draft-store';
import { type PricedSelection, priceSelection } from './pricing';
import {
  activeSubscription,
  endSubscriptions,
  findSubscription,
  insertSubscription,
  pendingProposal,
  type SubscriptionRow,
  updateSubscription,
  withShopLock,
} from './subscription-store';
import { draftWire, subscriptionWire } from './wire';

export interface DraftInput {
  planId: string;
  extraAddonIds: string[];
  discountCode?: string | null | undefined;
}

/** POST subscription/draft: a priced, stored selection the merchant confirms in the modal. */
export async function createDraft(
  deps: AppDeps,
  shopDomain: string,
  input: DraftInput,
): Promise<SubscriptionDraft> {
  const shop = await ensureShop(deps, shopDomain);
  const { db } = deps.database;
  const [active, catalogue] = await Promise.all([
    activeSubscription(db, shop.id),
    readCatalogue(db),
  ]);
  const activePlan = catalogue.plans.find((plan) => plan.id === active?.planId);
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
  const priced = await priceSelection(db, catalogue, {
    planId: input.planId,
    addonIds: input.extraAddonIds,
    discountCode: input.discountCode,
  });
  const draft = await insertDraft(db, { shopId: shop.id, ...draftValues(priced) });
  return draftWire(draft);
}

/** POST subscription { draftId }: a charge to approve, or a free plan activated at once. */
export async function purchaseDraft(
  deps: AppDeps,
  shopDomain: string,
  draftId: string,
): Promise<PurchaseResult> {
  const shop = await ensureShop(deps, shopDomain);
  const draft = await findDraft(deps.database.db, shop.id, draftId);
  if (!draft) throw notFound('Draft not found');
  // Re-price: the catalogue or the code's redemptions may have changed since the draft.
  const priced = await priceSelection(deps.database.db, await readCatalogue(deps.database.db), {
    planId: draft.planId,
    addonIds: draft.addonIds,
    discountCode: draft.discountCode,
  });
  return purchase(deps, shop, draft.id, priced);
}

/** Accept Plan Change: the purchase link of a plan change Popstage proposed. */
export async function purchasePending(
  deps: AppDeps,
  shopDomain: string,
  pendingId: string | undefined,
): Promise<PurchaseResult> {
  const shop = await ensureShop(deps, shopDomain);
  const { db } = deps.database;
  const pending = pendingId
    ? await findSubscription(db, shop.id, pendingId)
    : await pendingProposal(db, shop.id);
  if (pending?.status !== 'PENDING' || pending.origin !== 'company') {
    throw notFound('There is no pending plan change');
  }
  if (pending.confirmationUrl) {
    return { confirmationUrl: pending.confirmationUrl, subscription: subscriptionWire(pending) };
  }
  if (isZeroAmount(pending.total)) {
    const activated = await activateStub(deps, shop, pending);
    return { confirmationUrl: null, subscription: subscriptionWire(activated) };
  }
  const charge = await createCharge(deps, shop, pending);
  const updated = await updateSubscription(db, pending.id, charge);
  return { confirmationUrl: charge.confirmationUrl, subscription: subscriptionWire(updated) };
}

/** A plan change proposed by Popstage staff (the sandbox page stands in for their tool). */
export async function proposePlanChange(
  deps: AppDeps,
  shopDomain: string,
  input: { planId: string; addonIds: string[] },
): Promise<SubscriptionRow> {
  const shop = await ensureShop(deps, shopDomain);
  const { db } = deps.database;
  const priced = await priceSelection(db, await readCatalogue(db), {
    ...input,
    discountCode: null,
  });
  const draft = await insertDraft(db, { shopId: shop.id, ...draftValues(priced) });
  return insertSubscription(db, {
    ...subscriptionValues(shop, draft.id, priced),
    status: 'PENDING',
    origin: 'company',
    isStub: false,
  });
}

async function purchase(
  deps: AppDeps,
  shop: ShopRow,
  draftId: string,
  priced: PricedSelection,
): Promise<PurchaseResult> {
  const { db } = deps.database;
  const values = { ...subscriptionValues(shop, draftId, priced), origin: 'merchant' as const };
  if (isZeroAmount(priced.order.total)) {
    const pending = await insertSubscription(db, { ...values, status: 'PENDING', isStub: true });
    const activated = await activateStub(deps, shop, pending);
    return { confirmationUrl: null, subscription: subscriptionWire(activated) };
  }
  const pending = await insertSubscription(db, { ...values, status: 'PENDING', isStub: false });
  try {
    const charge = await createCharge(deps, shop, pending);
    const updated = await updateSubscription(db, pending.id, charge);
    return { confirmationUrl: charge.confirmationUrl, subscription: subscriptionWire(updated) };
  } catch (error) {
    await updateSubscription(db, pending.id, { status: 'CANCELLED', endedAt: new Date() });
    if (error instanceof HttpError) throw error;
    throw new HttpError(502, BILLING_MESSAGES.checkoutLinkFailed);
  }
}

/** Creates the platform charge for a stored subscription (one recurring line, 30-day interval). */
async function createCharge(deps: AppDeps, shop: ShopRow, row: SubscriptionRow) {
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
      returnUrl: `${config.APP_URL}/billing/return?shop=${encodeURIComponent(shop.shopifyDomain)}`,
      test: config.PLATFORM === 'sandbox' || config.SHOPIFY_BILLING_TEST,
      replacementBehavior: 'APPLY_IMMEDIATELY',
    },
  );
  return { platformSubscriptionId: subscription.id, confirmationUrl };
}

/** A free selection needs no approval: it replaces the active subscription at once. */
async function activateStub(
  deps: AppDeps,
  shop: ShopRow,
  pending: SubscriptionRow,
): Promise<SubscriptionRow> {
  const { db } = deps.database;
  const previous = await activeSubscription(db, shop.id);
  if (previous?.platformSubscriptionId && !previous.isStub) {
    await deps.platform.cancelAppSubscription(shop.shopifyDomain, previous.platformSubscriptionId);
  }
  return withShopLock(db, shop.id, async (tx) => {
    const now = new Date();
    const activated = await updateSubscription(tx, pending.id, {
      status: 'ACTIVE',
      isStub: true,
      activatedAt: now,
    });
    await endSubscriptions(tx, previous ? [previous.id] : [], 'REPLACED', now);
    return activated;
  });
}

function chargeName(row: SubscriptionRow): string {
  const names = row.lineItems
    .filter((line) => line.type === 'addon')
    .map((line) => String(line.item.name ?? ''));
  return ['Popstage', ...names].join(' · ').slice(0, 255);
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
