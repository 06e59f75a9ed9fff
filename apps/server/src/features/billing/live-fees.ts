import {
  type LiveFees,
  liveFeeDescription,
  liveFeeIdempotencyKey,
  minorUnitsToAmount,
} from '@popstage/core/billing';
import type { AppDeps } from '../../deps';
import { failpoint } from '../../failpoints';
import { PlatformError } from '../../platform/errors';
import {
  findLiveFeeCharge,
  recordLiveFeeFailure,
  settleLiveFee,
  shopDomainOf,
  shopLiveFees,
} from './live-fee-store';
import { activeSubscription, updateSubscription } from './subscription-store';

type ChargeDeps = Pick<AppDeps, 'database' | 'platform' | 'clock'>;

/**
 * The live success fee (issue 32), the billing side: the analytics area writes an order's fee
 * row in the order's transaction (the outbox, live_fee_charges); the sweep queues a job per due
 * row, which bills it as one Shopify usage charge under the active subscription's usage line
 * item, with an idempotency key per shop and order, then marks it charged.
 */

/** Why a fee cannot be billed; the row keeps it for the merchant's list. */
export const NOT_BILLABLE = {
  noUsageLineItem: 'no_usage_line_item',
  currencyMismatch: 'currency_mismatch',
  belowMinimum: 'below_minimum',
} as const;

/** A refused charge (cap reached, line item inactive) waits an hour: the cap resets per period. */
const REFUSED_RETRY_MS = 3_600_000;
/** Backoff of other failures: 1, 2, 4 ... minutes, at most 6 hours. */
const backoffMs = (attempts: number) => Math.min(60_000 * 2 ** attempts, 6 * 3_600_000);

export type ChargeOutcome =
  | { outcome: 'charged'; usageRecordId: string }
  | { outcome: 'not_billable'; reason: string }
  | { outcome: 'settled' }
  | { outcome: 'refused'; message: string };

/**
 * Charges one pending fee. Safe to run twice, concurrently or after a crash at any point: the
 * usage charge's idempotency key makes Shopify answer the first record again, and the row ends
 * once. Transient failures are recorded and rethrown (the job retries with backoff); a refusal is
 * recorded and tried again later by the sweep.
 */
export async function chargeLiveFee(deps: ChargeDeps, id: string): Promise<ChargeOutcome> {
  const { db } = deps.database;
  const row = await findLiveFeeCharge(db, id);
  if (row?.status !== 'pending') return { outcome: 'settled' };
  const notBillable = async (reason: string): Promise<ChargeOutcome> => {
    await settleLiveFee(db, row.id, { status: 'not_billable', reason });
    return { outcome: 'not_billable', reason };
  };
  const domain = await shopDomainOf(db, row.shopId);
  if (!domain) return { outcome: 'settled' };
  const lineItem = await usageLineItemOf(deps, row.shopId, domain);
  if (!lineItem) return notBillable(NOT_BILLABLE.noUsageLineItem);
  if (lineItem.currencyCode !== row.currency) return notBillable(NOT_BILLABLE.currencyMismatch);
  if (row.feeMinorUnits === 0) return notBillable(NOT_BILLABLE.belowMinimum);
  let usageRecordId: string;
  try {
    const record = await deps.platform.createAppUsageRecord(domain, {
      lineItemId: lineItem.id,
      price: {
        amount: minorUnitsToAmount(row.feeMinorUnits, row.currency),
        currencyCode: row.currency,
      },
      description: liveFeeDescription(row.orderName, row.showId),
      idempotencyKey: liveFeeIdempotencyKey(row.shopId, row.orderId),
    });
    usageRecordId = record.id;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const now = deps.clock.now().getTime();
    if (error instanceof PlatformError && error.kind === 'refused') {
      await recordLiveFeeFailure(db, row, message, new Date(now + REFUSED_RETRY_MS));
      return { outcome: 'refused', message };
    }
    await recordLiveFeeFailure(db, row, message, new Date(now + backoffMs(row.attempts)));
    throw error;
  }
  failpoint('live-fee.after-charge');
  await settleLiveFee(db, row.id, {
    status: 'charged',
    usageRecordId,
    chargedAt: deps.clock.now(),
  });
  failpoint('live-fee.after-mark');
  return { outcome: 'charged', usageRecordId };
}

/**
 * The active subscription's usage line item. Stored when the charge became active (sync.ts); a
 * charge approved before the app stored it is read from the platform once and stored then.
 */
async function usageLineItemOf(
  deps: ChargeDeps,
  shopId: string,
  domain: string,
): Promise<{ id: string; currencyCode: string } | null> {
  const { db } = deps.database;
  const active = await activeSubscription(db, shopId);
  if (!active || active.isStub || !active.platformSubscriptionId) return null;
  if (active.usageLineItemId) {
    return { id: active.usageLineItemId, currencyCode: active.currencyCode };
  }
  const onPlatform = (await deps.platform.activeAppSubscriptions(domain)).find(
    (charge) => charge.id === active.platformSubscriptionId,
  );
  if (!onPlatform?.usage) return null;
  await updateSubscription(db, active.id, { usageLineItemId: onPlatform.usage.lineItemId });
  return {
    id: onPlatform.usage.lineItemId,
    currencyCode: onPlatform.usage.cappedAmount.currencyCode,
  };
}

/** GET /api/billing/live-fees: the shop's fees and its usage line item as the platform has it. */
export async function liveFeesOf(
  deps: Pick<AppDeps, 'database' | 'platform'>,
  shop: { id: string; shopifyDomain: string },
  limit: number,
): Promise<LiveFees> {
  const { db } = deps.database;
  const [rows, active] = await Promise.all([
    shopLiveFees(db, shop.id, limit),
    activeSubscription(db, shop.id),
  ]);
  const usage =
    active?.platformSubscriptionId && !active.isStub
      ? ((await deps.platform.activeAppSubscriptions(shop.shopifyDomain)).find(
          (charge) => charge.id === active.platformSubscriptionId,
        )?.usage ?? null)
      : null;
  return {
    cappedAmount: usage?.cappedAmount ?? null,
    balanceUsed: usage
      ? { amount: usage.balanceUsed, currencyCode: usage.cappedAmount.currencyCode }
      : null,
    terms: usage?.terms ?? null,
    fees: rows.map((row) => ({
      orderId: row.orderId,
      orderName: row.orderName,
      showId: row.showId,
      revenue: {
        amount: minorUnitsToAmount(row.revenueMinorUnits, row.currency),
        currencyCode: row.currency,
      },
      fee: {
        amount: minorUnitsToAmount(row.feeMinorUnits, row.currency),
        currencyCode: row.currency,
      },
      status: row.status,
      reason: row.reason,
      usageRecordId: row.usageRecordId,
      orderedAt: row.orderedAt.toISOString(),
      chargedAt: row.chargedAt?.toISOString() ?? null,
    })),
  };
}
