import { type Addon, amountToCents, centsToAmount, sumAmounts } from '@popstage/core/billing';
import {
  FEATURE_IDS,
  type FeatureId,
  type Money,
  type SubscriptionLineItem,
} from '@popstage/core/shop';

/**
 * Reading subscription and draft line items (spec 01 §3). The server writes plan items as
 * { id, name, skuCode, price }, add-on items as the Addon plus chargedAmount, and discount items
 * as { code, amount, percentage }; anything else is skipped rather than trusted.
 */

export interface AddonLine {
  id: string;
  name: string;
  featureId: FeatureId;
  /** Catalogue price. */
  listAmount: string;
  /** What this line costs after a discount override (a free popclips add-on). */
  chargedAmount: string;
  addon: Addon;
}

export interface ReadLineItems {
  plan: { id: string; name: string; amount: string } | null;
  addons: AddonLine[];
  discount: { code: string; amount: Money | null } | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const firstAmount = (price: unknown): string | null =>
  Array.isArray(price) && isRecord(price[0]) ? text(price[0].amount) : null;

export function readLineItems(items: readonly SubscriptionLineItem[]): ReadLineItems {
  const result: ReadLineItems = { plan: null, addons: [], discount: null };
  for (const line of items) {
    const item = line.item;
    if (line.type === 'plan') {
      const id = text(item.id);
      const name = text(item.name);
      if (id && name) result.plan = { id, name, amount: firstAmount(item.price) ?? '0.00' };
    } else if (line.type === 'addon') {
      const featureId = FEATURE_IDS.find((feature) => feature === item.featureId);
      const id = text(item.id);
      const name = text(item.name);
      if (!featureId || !id || !name) continue;
      const listAmount = firstAmount(item.price) ?? '0.00';
      result.addons.push({
        id,
        name,
        featureId,
        listAmount,
        chargedAmount: text(item.chargedAmount) ?? listAmount,
        addon: {
          ...(item as unknown as Addon),
          price: [{ amount: listAmount, currencyCode: 'USD' }],
        },
      });
    } else if (line.type === 'discount') {
      const amount = isRecord(item.amount) ? item.amount : null;
      const value = amount && text(amount.amount);
      result.discount = {
        code: line.discountCode ?? text(item.code) ?? '',
        amount: value ? { amount: value, currencyCode: text(amount.currencyCode) ?? 'USD' } : null,
      };
    }
  }
  return result;
}

/** The recurring total of read line items: charged add-ons plus the plan, less the discount. */
export function lineItemsTotal(read: ReadLineItems): string {
  const gross = sumAmounts([
    read.plan?.amount ?? '0.00',
    ...read.addons.map((line) => line.chargedAmount),
  ]);
  const discount = read.discount?.amount?.amount;
  // A free-add-on discount is already in chargedAmount; a percentage one is not.
  const free = read.addons.some((line) => line.chargedAmount !== line.listAmount);
  if (!discount || free) return gross;
  return centsToAmount(Math.max(0, amountToCents(gross) - amountToCents(discount)));
}

/** The add-ons of the line items with their list prices (for price-level rules). */
export function lineItemAddons(items: readonly SubscriptionLineItem[]): Addon[] {
  return readLineItems(items).addons.map((line) => line.addon);
}
