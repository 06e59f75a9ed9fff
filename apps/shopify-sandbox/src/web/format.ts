import { formatCurrency } from '@popstage/core/format';
import type { PlatformAppSubscription } from '../store/types';

/** Display text for the sandbox pages; stored amounts stay decimal strings. */

export const money = formatCurrency;

export function discountText(subscription: PlatformAppSubscription): string | null {
  const { discount, price } = subscription;
  if (!discount) return null;
  if (discount.percentage !== null) return `${Number((discount.percentage * 100).toFixed(2))}% off`;
  if (discount.amount !== null) return `${money(discount.amount, price.currencyCode)} off`;
  return null;
}

export function dateText(iso: string | null): string {
  return iso ? iso.slice(0, 10) : '—';
}
