import {
  CONSOLE_MESSAGES as M,
  type OperatorRole,
  staffMemberSchema,
} from '@popstage/core/operator-console';
import type { z } from 'zod';
import { inTransaction } from '../../db/client';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import { type AuditActor, audited, recordAudit } from '../operator';
import { hashPassword } from './passwords';
import {
  allOperators,
  deleteSessionsOf,
  findOperatorById,
  insertOperator,
  type OperatorUserRow,
  updateOperator,
} from './store';

type Deps = Pick<AppDeps, 'database' | 'clock'>;

/** What the audit log keeps of a staff member (never the hash or the TOTP secret). */
export const staffSummary = (row: OperatorUserRow) => ({
  email: row.email,
  role: row.role,
  totp: row.totpSecret !== null,
  disabled: row.disabledAt !== null,
});

export async function createStaffMember(
  deps: Deps,
  actor: AuditActor | 'cli',
  input: z.input<typeof staffMemberSchema>,
): Promise<OperatorUserRow> {
  const { email, password, role } = await staffMemberSchema.parseAsync(input);
  // Hashed before the transaction: argon2 takes a while and needs no database.
  const passwordHash = await hashPassword(password);
  return inTransaction(deps, async (tx) => {
    const row = await insertOperator(tx.database.db, {
      email,
      role,
      passwordHash,
      createdAt: deps.clock.now(),
    });
    if (!row) throw new HttpError(409, M.emailTaken);
    await recordAudit(tx, actor === 'cli' ? { email: 'cli' } : actor, {
      action: 'staff.create',
      target: email,
      before: null,
      after: staffSummary(row),
    });
    return row;
  });
}

/** Changes a staff member's role or disables them (their sessions end at once), logged. */
export async function updateStaffMember(
  deps: Deps,
  actor: AuditActor,
  current: OperatorUserRow,
  patch: { role?: OperatorRole; disabled?: boolean },
): Promise<void> {
  await audited(
    deps,
    actor,
    {
      action: 'staff.update',
      target: current.email,
      read: async (tx) => {
        const row = await findOperatorById(tx.database.db, current.id);
        return row ? staffSummary(row) : null;
      },
    },
    async (tx) => {
      const row = await updateOperator(tx.database.db, current.id, {
        ...(patch.role ? { role: patch.role } : {}),
        ...(patch.disabled === undefined
          ? {}
          : { disabledAt: patch.disabled ? (current.disabledAt ?? deps.clock.now()) : null }),
      });
      if (!row) throw new HttpError(404, M.staffNotFound);
      if (patch.disabled || (patch.role && patch.role !== current.role)) {
        await deleteSessionsOf(tx.database.db, current.id);
      }
    },
  );
}

export async function hasAdmin(deps: Pick<AppDeps, 'database'>): Promise<boolean> {
  return (await allOperators(deps.database.db)).some(
    (row) => row.role === 'admin' && row.disabledAt === null,
  );
}

/**
 * `npm run operator:create`: the console's first admin, refused once an admin who is not
 * disabled exists (later staff are added on the Staff page, by an admin, logged as them).
 */
export async function createFirstAdmin(
  deps: Deps,
  input: { email: string; password: string },
): Promise<OperatorUserRow> {
  if (await hasAdmin(deps)) throw new HttpError(409, M.adminExists);
  return createStaffMember(deps, 'cli', { ...input, role: 'admin' });
}
