import type { AppDeps } from '../../deps';
import { insertAudit } from './audit-store';

/** Who changed something: a signed-in staff member, or the staff API's bearer credential. */
export type AuditActor = { email: string } | 'staff-api';

export interface AuditEntry {
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/** Writes one change to the audit log (who, when, what, before and after). */
export async function recordAudit(
  deps: Pick<AppDeps, 'database' | 'clock'>,
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
 * Runs a change and logs it with the state read before and after; nothing is logged when the
 * change fails (and it changed nothing).
 */
export async function audited<T>(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  actor: AuditActor,
  what: { action: string; target: string; read: () => Promise<unknown> },
  change: () => Promise<T>,
): Promise<T> {
  const before = await what.read();
  const result = await change();
  await recordAudit(deps, actor, {
    action: what.action,
    target: what.target,
    before,
    after: await what.read(),
  });
  return result;
}
