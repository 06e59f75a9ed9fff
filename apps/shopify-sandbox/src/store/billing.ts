import { centsToAmount } from '@popstage/core/billing';
import { and, desc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { StoreDb as Db } from './database';
import { StoreError } from './errors';
import { parseGid, toGid } from './gid';
import { sandboxAppSubscriptions, sandboxShops } from './schema';
import type { CreateAppSubscriptionInput, PlatformAppSubscription, StorePlatform } from './types';
import {
  balancesUsed,
  createUsageRecord,
  listUsageRecords,
  type SandboxUsageRecord,
  type UsageRecordInput,
  usageLineItemGid,
} from './usage-records';

/** Shopify bills every 30 days; a period starts when the merchant approves. */
const PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

type Row = typeof sandboxAppSubscriptions.$inferSelect;

/** What the sandbox's own pages need beyond the port's view: whose charge, and where to return. */
export interface SandboxAppSubscription extends PlatformAppSubscription {
  numericId: number;
  shopDomain: string;
  returnUrl: string;
  replacementBehavior: CreateAppSubscriptionInput['replacementBehavior'];
  /** Billing cycles the discount lasts; null for as long as the charge does. */
  discountDurationLimitInIntervals: number | null;
}

/** approve/decline: null for an unknown id; changed false when it was no longer PENDING. */
export type DecisionResult = { changed: boolean; subscription: SandboxAppSubscription } | null;

export interface SandboxBilling
  extends Pick<
    StorePlatform,
    'createAppSubscription' | 'activeAppSubscriptions' | 'cancelAppSubscription'
  > {
  getAppSubscription(id: number): Promise<SandboxAppSubscription | null>;
  /** Every charge of the shop, newest first (the control page shows them all). */
  listAppSubscriptions(shop: string): Promise<SandboxAppSubscription[]>;
  approveAppSubscription(id: number): Promise<DecisionResult>;
  declineAppSubscription(id: number): Promise<DecisionResult>;
  /** appUsageRecordCreate: a usage charge under the shop's usage line item (usage-records.ts). */
  createAppUsageRecord(shop: string, input: UsageRecordInput): Promise<SandboxUsageRecord>;
  /** The shop's usage records, newest first. */
  listAppUsageRecords(shop: string): Promise<SandboxUsageRecord[]>;
}

const decimal = (max: number) =>
  z
    .string()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, 'must be a decimal amount')
    .refine((value) => Number(value) > 0 && Number(value) <= max, 'is out of range');

// The checks Shopify's appSubscriptionCreate answers with user errors.
const inputSchema = z.object({
  name: z.string().trim().min(1).max(255),
  price: z.object({ amount: decimal(1e9), currencyCode: z.string().regex(/^[A-Z]{3}$/) }),
  discount: z
    .object({
      percentage: z.number().gt(0).max(1).optional(),
      amount: decimal(1e9).optional(),
      durationLimitInIntervals: z.number().int().positive().optional(),
    })
    .refine(
      (d) => (d.percentage === undefined) !== (d.amount === undefined),
      'discount needs either a percentage or an amount',
    )
    .optional(),
  usage: z
    .object({
      cappedAmount: z.object({
        amount: decimal(1e7),
        currencyCode: z.string().regex(/^[A-Z]{3}$/),
      }),
      terms: z.string().trim().min(1).max(100),
    })
    .optional(),
  returnUrl: z.url({ protocol: /^https?$/ }),
  test: z.boolean(),
  replacementBehavior: z.enum(['APPLY_IMMEDIATELY', 'APPLY_ON_NEXT_BILLING_CYCLE', 'STANDARD']),
});

export function createSandboxBilling(db: Db, baseUrl: string): SandboxBilling {
  const root = baseUrl.replace(/\/+$/, '');
  const table = sandboxAppSubscriptions;

  const findRow = async (id: number) => {
    const [row] = await db.select().from(table).where(eq(table.id, id));
    return row;
  };

  /** Rows as the platform shows them, with each usage line item's balance used. */
  const withBalances = async <T>(rows: Row[], as: (row: Row, balance: number) => T) => {
    const balances = await balancesUsed(db, rows);
    return rows.map((row) => as(row, balances.get(row.id) ?? 0));
  };

  /** Decides a PENDING charge; the conditional update is the gate against double decisions. */
  const decide = async (
    id: number,
    status: 'ACTIVE' | 'DECLINED',
    now = new Date(),
  ): Promise<DecisionResult> =>
    db.transaction(async (tx) => {
      const [target] = await tx
        .select({ shopDomain: table.shopDomain })
        .from(table)
        .where(eq(table.id, id));
      if (!target) return null;
      // One decision per shop at a time, so two approvals cannot both end up ACTIVE.
      await tx
        .select({ domain: sandboxShops.domain })
        .from(sandboxShops)
        .where(eq(sandboxShops.domain, target.shopDomain))
        .for('update');
      const [decided] = await tx
        .update(table)
        .set({
          status,
          currentPeriodEnd: status === 'ACTIVE' ? new Date(now.getTime() + PERIOD_MS) : null,
        })
        .where(and(eq(table.id, id), eq(table.status, 'PENDING')))
        .returning();
      if (!decided) {
        const [current] = await tx.select().from(table).where(eq(table.id, id));
        if (!current) return null;
        const [used] = (await balancesUsed(tx, [current])).values();
        return { changed: false, subscription: toSandbox(current, used ?? 0) };
      }
      if (status === 'ACTIVE') {
        // Approval replaces the shop's current charge, as Shopify does for APPLY_IMMEDIATELY and
        // STANDARD. APPLY_ON_NEXT_BILLING_CYCLE is applied now too: the sandbox has no billing
        // cycles to wait for, and the app must treat the newest active charge as current anyway.
        await tx
          .update(table)
          .set({ status: 'CANCELLED' })
          .where(
            and(
              eq(table.shopDomain, decided.shopDomain),
              eq(table.status, 'ACTIVE'),
              ne(table.id, id),
            ),
          );
      }
      // A charge just decided has no usage records yet.
      return { changed: true, subscription: toSandbox(decided, 0) };
    });

  return {
    async createAppSubscription(shop, input) {
      const parsed = inputSchema.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new StoreError(
          'invalid',
          `${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`,
        );
      }
      const value = parsed.data;
      const [shopRow] = await db
        .select({ domain: sandboxShops.domain })
        .from(sandboxShops)
        .where(eq(sandboxShops.domain, shop));
      if (!shopRow) throw new StoreError('not_found', `Shop ${shop} is not a sandbox shop`);
      const [row] = await db
        .insert(table)
        .values({
          shopDomain: shop,
          name: value.name,
          status: 'PENDING',
          test: value.test,
          priceAmount: value.price.amount,
          currencyCode: value.price.currencyCode,
          discountPercentage: value.discount?.percentage?.toString() ?? null,
          discountAmount: value.discount?.amount ?? null,
          discountDurationLimitInIntervals: value.discount?.durationLimitInIntervals ?? null,
          replacementBehavior: value.replacementBehavior,
          returnUrl: value.returnUrl,
          usageCappedAmount: value.usage?.cappedAmount.amount ?? null,
          usageCurrencyCode: value.usage?.cappedAmount.currencyCode ?? null,
          usageTerms: value.usage?.terms ?? null,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return {
        subscription: toPlatform(row, 0),
        confirmationUrl: `${root}/sandbox/billing/confirm/${row.id}`,
      };
    },

    async activeAppSubscriptions(shop) {
      const rows = await db
        .select()
        .from(table)
        .where(and(eq(table.shopDomain, shop), eq(table.status, 'ACTIVE')))
        .orderBy(desc(table.id));
      return withBalances(rows, toPlatform);
    },

    async cancelAppSubscription(shop, id) {
      const numericId = parseGid('AppSubscription', id);
      const row = numericId === null ? undefined : await findRow(numericId);
      // Another shop's charge is reported exactly like an unknown one.
      if (!row || row.shopDomain !== shop)
        throw new StoreError('not_found', `No app subscription ${id}`);
      if (row.status === 'CANCELLED') return; // idempotent, so a retried cancel is harmless
      const [cancelled] = await db
        .update(table)
        .set({ status: 'CANCELLED' })
        .where(and(eq(table.id, row.id), eq(table.status, 'ACTIVE')))
        .returning({ id: table.id });
      if (!cancelled)
        throw new StoreError('conflict', `App subscription ${id} is ${row.status}, not ACTIVE`);
    },

    async getAppSubscription(id) {
      const row = await findRow(id);
      return row ? ((await withBalances([row], toSandbox))[0] ?? null) : null;
    },

    async listAppSubscriptions(shop) {
      const rows = await db
        .select()
        .from(table)
        .where(eq(table.shopDomain, shop))
        .orderBy(desc(table.id));
      return withBalances(rows, toSandbox);
    },

    createAppUsageRecord: (shop, input) => createUsageRecord(db, shop, input),
    listAppUsageRecords: (shop) => listUsageRecords(db, shop),

    approveAppSubscription: (id) => decide(id, 'ACTIVE'),
    declineAppSubscription: (id) => decide(id, 'DECLINED'),
  };
}

function toPlatform(row: Row, balanceUsedCents: number): PlatformAppSubscription {
  const hasDiscount = row.discountPercentage !== null || row.discountAmount !== null;
  return {
    id: toGid('AppSubscription', row.id),
    name: row.name,
    status: row.status,
    test: row.test,
    createdAt: row.createdAt.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    price: { amount: row.priceAmount, currencyCode: row.currencyCode },
    discount: hasDiscount
      ? {
          percentage: row.discountPercentage === null ? null : Number(row.discountPercentage),
          amount: row.discountAmount,
        }
      : null,
    usage:
      row.usageCappedAmount !== null && row.usageCurrencyCode !== null
        ? {
            lineItemId: usageLineItemGid(row.id),
            cappedAmount: { amount: row.usageCappedAmount, currencyCode: row.usageCurrencyCode },
            balanceUsed: centsToAmount(balanceUsedCents),
            terms: row.usageTerms ?? '',
          }
        : null,
  };
}

function toSandbox(row: Row, balanceUsedCents: number): SandboxAppSubscription {
  return {
    ...toPlatform(row, balanceUsedCents),
    numericId: row.id,
    shopDomain: row.shopDomain,
    returnUrl: row.returnUrl,
    replacementBehavior: row.replacementBehavior,
    discountDurationLimitInIntervals: row.discountDurationLimitInIntervals,
  };
}
