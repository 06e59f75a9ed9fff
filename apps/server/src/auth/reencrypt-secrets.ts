import { and, asc, count, eq, gt, isNotNull, notLike, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { operatorUsers, pushDevices, shopifySessions, shops } from '../db/schema';
import { type TokenCipher, TokenKeyError } from './token-cipher';

/**
 * Rewrites every secret stored with the token cipher (deps.secrets) under its current key, so a
 * key rotated out can be dropped from TOKEN_ENCRYPTION_PREVIOUS_KEYS (docs/operations.md).
 * Without it, values written once (csToken, the storefront token, device tokens, TOTP secrets)
 * and the tokens of idle shops would stay under the old key for ever.
 *
 * Safe while the app runs (PostgreSQL): each value is replaced only if it still holds what was
 * read (compare and set), so a token the app refreshed meanwhile is never overwritten with the
 * older one; whatever the app writes meanwhile is under the current key already.
 */

interface EncryptedColumn {
  /** table.column, as reported. */
  name: string;
  table: PgTable;
  /** The row's unique key, for keyset paging and the compare-and-set. */
  key: PgColumn;
  column: PgColumn;
  /** The update's values: the column's property name with the new value. */
  set(value: string): Record<string, string>;
}

/**
 * Every column holding a value written with deps.secrets. A new writer of the cipher adds its
 * column here (reencrypt-secrets.test.ts fails until it does).
 */
export const ENCRYPTED_COLUMNS: readonly EncryptedColumn[] = [
  {
    name: 'shopify_sessions.access_token',
    table: shopifySessions,
    key: shopifySessions.shopDomain,
    column: shopifySessions.accessToken,
    set: (accessToken) => ({ accessToken }),
  },
  {
    name: 'shopify_sessions.refresh_token',
    table: shopifySessions,
    key: shopifySessions.shopDomain,
    column: shopifySessions.refreshToken,
    set: (refreshToken) => ({ refreshToken }),
  },
  {
    name: 'shops.cs_token',
    table: shops,
    key: shops.id,
    column: shops.csToken,
    set: (csToken) => ({ csToken }),
  },
  {
    name: 'shops.storefront_access_token',
    table: shops,
    key: shops.id,
    column: shops.storefrontAccessToken,
    set: (storefrontAccessToken) => ({ storefrontAccessToken }),
  },
  {
    name: 'push_devices.token',
    table: pushDevices,
    key: pushDevices.id,
    column: pushDevices.token,
    set: (token) => ({ token }),
  },
  {
    name: 'operator_users.totp_secret',
    table: operatorUsers,
    key: operatorUsers.id,
    column: operatorUsers.totpSecret,
    set: (totpSecret) => ({ totpSecret }),
  },
  {
    name: 'operator_users.pending_totp_secret',
    table: operatorUsers,
    key: operatorUsers.id,
    column: operatorUsers.pendingTotpSecret,
    set: (pendingTotpSecret) => ({ pendingTotpSecret }),
  },
];

export interface ColumnReport {
  column: string;
  /** Rewritten under the current key. */
  rewritten: number;
  /** Changed by the app between read and write (already under the current key). */
  changedMeanwhile: number;
  /** Encrypted with a key the cipher does not have: they stay unreadable; keep looking. */
  unreadable: number;
}

const BATCH = 500;

/** One pass over every encrypted column; answers what it did per column. */
export async function reencryptSecrets(db: Db, cipher: TokenCipher): Promise<ColumnReport[]> {
  const reports: ColumnReport[] = [];
  for (const target of ENCRYPTED_COLUMNS) reports.push(await reencryptColumn(db, cipher, target));
  return reports;
}

async function reencryptColumn(
  db: Db,
  cipher: TokenCipher,
  target: EncryptedColumn,
): Promise<ColumnReport> {
  const report = { column: target.name, rewritten: 0, changedMeanwhile: 0, unreadable: 0 };
  let after: unknown = null;
  for (;;) {
    const rows = (await db
      .select({ key: target.key, value: target.column })
      .from(target.table)
      .where(and(stale(cipher, target), after === null ? undefined : gt(target.key, after)))
      .orderBy(asc(target.key))
      .limit(BATCH)) as { key: unknown; value: string }[];
    for (const row of rows) {
      let fresh: string;
      try {
        fresh = cipher.encrypt(cipher.decrypt(row.value));
      } catch (error) {
        if (!(error instanceof TokenKeyError)) throw error;
        report.unreadable += 1;
        continue;
      }
      const updated = await db
        .update(target.table)
        .set(target.set(fresh) as never)
        .where(and(eq(target.key, row.key), eq(target.column, row.value)))
        .returning({ key: target.key });
      if (updated.length > 0) report.rewritten += 1;
      else report.changedMeanwhile += 1;
    }
    if (rows.length < BATCH) return report;
    after = rows[rows.length - 1]?.key ?? null;
  }
}

/** Values not under the current key: an older key's, or plain (stored before encryption). */
function stale(cipher: TokenCipher, target: EncryptedColumn): SQL | undefined {
  return and(isNotNull(target.column), notLike(target.column, `${cipher.currentPrefix}%`));
}

/** How many values are still not under the current key (0: the old keys can go). */
export async function countStaleSecrets(db: Db, cipher: TokenCipher): Promise<number> {
  let total = 0;
  for (const target of ENCRYPTED_COLUMNS) {
    const [row] = await db
      .select({ stale: count() })
      .from(target.table)
      .where(stale(cipher, target));
    total += row?.stale ?? 0;
  }
  return total;
}
