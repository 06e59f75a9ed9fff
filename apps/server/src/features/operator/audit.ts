import { type Db, inTransaction } from '../../db/client';
import type { AppDeps } from '../../deps';
import { type AuditRow, insertAudit, selectAudit } from './audit-store';

export type { AuditRow };

/** Who changed something: a signed-in staff member, or the staff API's bearer credential. */
export type AuditActor = { email: string } | 'staff-api';

export interface AuditEntry {
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

type AuditDeps = Pick<AppDeps, 'database' | 'clock'>;

/**
 * Writes one change to the audit log (who, when, what, before and after). Give it the deps of the
 * transaction that made the change (see `audited`), so the change and its entry commit together.
 */
export async function recordAudit(
  deps: AuditDeps,
  actor: AuditActor,
  entry: AuditEntry,
): Promise<void> {
  await insertAudit(deps.database.db, {
    at: deps.clock.now(),
    actor: actor === 'staff-api' ? 'staff-api' : actor.email,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * Runs a change and logs it with the state read before and after, all in one transaction: a
 * change whose entry cannot be written is rolled back (no unlogged change), and a failed change
 * logs nothing. `read` and `change` get the transaction's deps and must use them for every
 * query; anything outside the database (a store platform call, a queued job) goes before or
 * after `audited`.
 */
export function audited<D extends AuditDeps, T>(
  deps: D,
  actor: AuditActor,
  what: { action: string; target: string; read: (deps: D) => Promise<unknown> },
  change: (deps: D) => Promise<T>,
): Promise<T> {
  return inTransaction(deps, async (tx) => {
    const before = await what.read(tx);
    const result = await change(tx);
    await recordAudit(tx, actor, {
      action: what.action,
      target: what.target,
      before,
      after: await what.read(tx),
    });
    return result;
  });
}

/** The newest entries of the audit log, of one target when named (the console's audit views). */
export function recentAudit(
  db: Db,
  options: { target?: string; limit: number },
): Promise<AuditRow[]> {
  return selectAudit(db, options);
}
