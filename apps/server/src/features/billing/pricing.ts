import {
  type Addon,
  BILLING_MESSAGES,
  type Catalogue,
  type DiscountCode,
  discountCodeStatus,
  findAddon,
  findPlan,
  normaliseDiscountCode,
  type Plan,
  type PricedOrder,
  priceOrder,
} from '@popstage/core/billing';
import type { SubscriptionLineItem } from '@popstage/core/shop';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { findDiscountCode } from './discount-code-store';
import { redemptionCount } from './subscription-store';

export interface PricedSelection {
  plan: Plan;
  addons: Addon[];
  code: DiscountCode | null;
  order: PricedOrder;
  lineItems: SubscriptionLineItem[];
  currencyCode: string;
}

/**
 * Validates a plan + add-ons selection against the catalogue and prices it with an optional
 * discount code. Bad ids and unusable codes are 400s with the message the admin shows.
 */
export async function priceSelection(
  db: Db,
  catalogue: Catalogue,
  input: { planId: string; addonIds: string[]; discountCode: string | null | undefined },
  now: Date,
): Promise<PricedSelection> {
  const plan = findPlan(catalogue, input.planId);
  const cataloguePlan = catalogue.plans.find((candidate) => candidate.id === input.planId);
  if (!plan || cataloguePlan?.visibility !== 'public')
    throw badRequest(`Unknown plan ${input.planId}`);
  const addons = input.addonIds.map((id) => {
    const addon = findAddon(catalogue, id);
    if (!addon || !cataloguePlan.addonIds.includes(id)) {
      throw badRequest(`Unknown add-on ${id} for plan ${plan.id}`);
    }
    return addon;
  });
  const features = addons.map((addon) => addon.featureId);
  if (new Set(features).size !== features.length) {
    throw badRequest('Choose at most one add-on per feature');
  }

  const code = await pricingCode(db, input.discountCode, now);
  const lines = [
    { id: plan.id, featureId: null, amount: plan.price[0]?.amount ?? '0.00' },
    ...addons.map((addon) => ({
      id: addon.id,
      featureId: addon.featureId,
      amount: addon.price[0]?.amount ?? '0.00',
    })),
  ];
  const order = priceOrder(lines, code);
  if (code && !order.applied) throw badRequest(BILLING_MESSAGES.discountNotApplicable);
  const currencyCode = plan.price[0]?.currencyCode ?? catalogue.currency;
  return {
    plan,
    addons,
    code,
    order,
    lineItems: lineItemsOf(plan, addons, code, order, currencyCode),
    currencyCode,
  };
}

/**
 * The code as the merchant typed it (trimmed, upper-cased), if it exists and is usable now (started,
 * not ended, redemptions left); null otherwise.
 */
export async function usableDiscountCode(
  db: Db,
  raw: string | null | undefined,
  now: Date,
): Promise<DiscountCode | null> {
  const normalised = normaliseDiscountCode(raw);
  const code = normalised ? await findDiscountCode(db, normalised) : null;
  if (!code) return null;
  const status = discountCodeStatus(code, now, await redemptionCount(db, code.code));
  return status === 'active' ? code : null;
}

/** No code is fine; a code that is not usable is a 400 with the spec's message. */
async function pricingCode(
  db: Db,
  raw: string | null | undefined,
  now: Date,
): Promise<DiscountCode | null> {
  if (normaliseDiscountCode(raw) === null) return null;
  const code = await usableDiscountCode(db, raw, now);
  if (!code) throw badRequest(BILLING_MESSAGES.discountNotApplicable);
  return code;
}

function lineItemsOf(
  plan: Plan,
  addons: Addon[],
  code: DiscountCode | null,
  order: PricedOrder,
  currencyCode: string,
): SubscriptionLineItem[] {
  const charged = new Map(order.lines.map((line) => [line.id, line.amount]));
  const items: SubscriptionLineItem[] = [
    {
      type: 'plan',
      item: { id: plan.id, name: plan.name, skuCode: plan.skuCode, price: plan.price },
    },
    ...addons.map(
      (addon): SubscriptionLineItem => ({
        type: 'addon',
        item: { ...addon, chargedAmount: charged.get(addon.id) ?? '0.00' },
      }),
    ),
  ];
  if (code && order.applied) {
    items.push({
      type: 'discount',
      discountCode: code.code,
      item: {
        code: code.code,
        kind: code.kind,
        amount: { amount: order.discount, currencyCode },
        percentage: order.discountPercentage,
      },
    });
  }
  return items;
}
