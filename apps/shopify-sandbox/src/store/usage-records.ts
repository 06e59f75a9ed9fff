import { amountToCents, centsToAmount } from '@popstage/core/billing';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { StoreDb as Db } from './database';
import { StoreError } from './errors';
import { toGid } from './gid';
import { sandboxAppSubscriptions, sandboxAppUsageRecords } from './schema';

/**
 * Usage charges under an app subscription's usage line item (Shopify: appUsageRecordCreate). The
 * records of a 30-day interval add up to at most the line item's capped amount; an idempotency key
 * seen before for the shop answers the record it made, so a retried charge is never billed twice.
 */

const PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

/** Shopify names line items `gid://shopify/AppSubscriptionLineItem/<charge>?v=1&index=<n>`. */
export function usageLineItemGid(subscriptionId: number): string {
  return `gid://shopify/AppSubscriptionLineItem/${subscriptionId}?v=1&index=1`;
}

export function parseUsageLineItemGid(gid: string): number | null {
  const match = /^gid:\/\/shopify\/AppSubscriptionLineItem\/(\d{1,15})\?v=1&index=1$/.exec(gid);
  return match ? Number(match[1]) : null;
}

export interface SandboxUsageRecord {
  id: string;
  numericId: number;
  lineItemId: string;
  description: string;
  price: { amount: string; currencyCode: string };
  idempotencyKey: string | null;
  createdAt: string;
}

export interface UsageRecordInput {
  lineItemId: string;
  price: { amount: string; currencyCode: string };
  description: string;
  idempotencyKey: string | null;
}

/** Shopify's refusal when a record would take the interval's usage over the capped amount. */
export const BALANCE_EXCEEDED_MESSAGE = 'Total price exceeds balance remaining';

type SubscriptionRow = typeof sandboxAppSubscriptions.$inferSelect;
type RecordRow = typeof sandboxAppUsageRecords.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The start of the charge's current 30-day interval (its approval until the first period ends). */
function intervalStart(row: Pick<SubscriptionRow, 'currentPeriodEnd' | 'createdAt'>): Date {
  return row.currentPeriodEnd
    ? new Date(row.currentPeriodEnd.getTime() - PERIOD_MS)
    : row.createdAt;
}

/** What each charge's usage records of its current interval add up to, in cents. */
export async function balancesUsed(
  db: Db | Tx,
  rows: Pick<SubscriptionRow, 'id' | 'currentPeriodEnd' | 'createdAt' | 'usageCappedAmount'>[],
): Promise<Map<number, number>> {
  const usage = rows.filter((row) => row.usageCappedAmount !== null);
  const balances = new Map<number, number>();
  if (usage.length === 0) return balances;
  const records = await db
    .select({
      subscriptionId: sandboxAppUsageRecords.subscriptionId,
      priceAmount: sandboxAppUsageRecords.priceAmount,
      createdAt: sandboxAppUsageRecords.createdAt,
    })
    .from(sandboxAppUsageRecords)
    .where(
      inArray(
        sandboxAppUsageRecords.subscriptionId,
        usage.map((row) => row.id),
      ),
    );
  for (const row of usage) {
    const since = intervalStart(row).getTime();
    const cents = records
      .filter((r) => r.subscriptionId === row.id && r.createdAt.getTime() >= since)
      .reduce((sum, r) => sum + amountToCents(r.priceAmount), 0);
    balances.set(row.id, cents);
  }
  return balances;
}

export function toUsageRecord(row: RecordRow): SandboxUsageRecord {
  return {
    id: toGid('AppUsageRecord', row.id),
    numericId: row.id,
    lineItemId: usageLineItemGid(row.subscriptionId),
    description: row.description,
    price: { amount: row.priceAmount, currencyCode: row.currencyCode },
    idempotencyKey: row.idempotencyKey,
    createdAt: row.createdAt.toISOString(),
  };
}

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

/**
 * Creates a usage record. StoreError kinds: not_found (unknown line item, or another shop's:
 * answered alike), invalid (not a usage line item, bad price or currency), refused (the charge is
 * not active, or the cap would be exceeded).
 */
export async function createUsageRecord(
  db: Db,
  shop: string,
  input: UsageRecordInput,
  now: Date = new Date(),
): Promise<SandboxUsageRecord> {
  const subscriptionId = parseUsageLineItemGid(input.lineItemId);
  if (subscriptionId === null) {
    throw new StoreError('not_found', 'Subscription line item not found');
  }
  const description = input.description.trim();
  if (description.length === 0 || description.length > 255) {
    throw new StoreError('invalid', 'Description must be between 1 and 255 characters');
  }
  const key = input.idempotencyKey;
  if (key !== null && (key.length === 0 || key.length > 255)) {
    throw new StoreError('invalid', 'Idempotency key must be between 1 and 255 characters');
  }
  return db.transaction(async (tx) => {
    // The charge's row is the lock: two records cannot both fit under the cap's last cents.
    const [charge] = await tx
      .select()
      .from(sandboxAppSubscriptions)
      .where(eq(sandboxAppSubscriptions.id, subscriptionId))
      .for('update');
    if (!charge || charge.shopDomain !== shop) {
      throw new StoreError('not_found', 'Subscription line item not found');
    }
    if (charge.usageCappedAmount === null || charge.usageCurrencyCode === null) {
      throw new StoreError(
        'invalid',
        'The app subscription line item must have a usage pricing plan',
      );
    }
    if (key !== null) {
      const [seen] = await tx
        .select()
        .from(sandboxAppUsageRecords)
        .where(
          and(
            eq(sandboxAppUsageRecords.shopDomain, shop),
            eq(sandboxAppUsageRecords.idempotencyKey, key),
          ),
        );
      if (seen) return toUsageRecord(seen);
    }
    if (charge.status !== 'ACTIVE') {
      throw new StoreError('refused', 'The app subscription is not active');
    }
    const amount = input.price.amount.trim();
    if (!AMOUNT.test(amount) || amountToCents(amount) === 0) {
      throw new StoreError('invalid', 'Price must be greater than 0');
    }
    if (input.price.currencyCode !== charge.usageCurrencyCode) {
      throw new StoreError(
        'invalid',
        `Currency code must be ${charge.usageCurrencyCode}, the currency of the capped amount`,
      );
    }
    const used = (await balancesUsed(tx, [charge])).get(charge.id) ?? 0;
    if (used + amountToCents(amount) > amountToCents(charge.usageCappedAmount)) {
      throw new StoreError('refused', BALANCE_EXCEEDED_MESSAGE);
    }
    const [row] = await tx
      .insert(sandboxAppUsageRecords)
      .values({
        subscriptionId: charge.id,
        shopDomain: shop,
        description,
        priceAmount: centsToAmount(amountToCents(amount)),
        currencyCode: input.price.currencyCode,
        idempotencyKey: key,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('usage record insert returned no row');
    return toUsageRecord(row);
  });
}

/** The usage records of the shop's charges, newest first (the merchant's billing page). */
export async function listUsageRecords(
  db: Db,
  shop: string,
  since?: Date,
): Promise<SandboxUsageRecord[]> {
  const rows = await db
    .select()
    .from(sandboxAppUsageRecords)
    .where(
      and(
        eq(sandboxAppUsageRecords.shopDomain, shop),
        since ? gte(sandboxAppUsageRecords.createdAt, since) : sql`true`,
      ),
    )
    .orderBy(desc(sandboxAppUsageRecords.id));
  return rows.map(toUsageRecord);
}
