import {
  CONSOLE_MESSAGES as M,
  type OperatorRole,
  staffMemberSchema,
} from '@popstage/core/operator-console';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import { type AuditActor, recordAudit } from '../operator';
import { hashPassword } from './passwords';
import {
  allOperators,
  deleteSessionsOf,
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
  const { email, password, role } = staffMemberSchema.parse(input);
  const row = await insertOperator(deps.database.db, {
    email,
    role,
    passwordHash: await hashPassword(password),
    createdAt: deps.clock.now(),
  });
  if (!row) throw new HttpError(409, M.emailTaken);
  await recordAudit(deps, actor === 'cli' ? { email: 'cli' } : actor, {
    action: 'staff.create',
    target: email,
    before: null,
    after: staffSummary(row),
  });
  return row;
}

/** Changes a staff member's role or disables them (their sessions end at once). */
export async function updateStaffMember(
  deps: Deps,
  actor: AuditActor,
  current: OperatorUserRow,
  patch: { role?: OperatorRole; disabled?: boolean },
): Promise<void> {
  const row = await updateOperator(deps.database.db, current.id, {
    ...(patch.role ? { role: patch.role } : {}),
    ...(patch.disabled === undefined
      ? {}
      : { disabledAt: patch.disabled ? deps.clock.now() : null }),
  });
  if (!row) return;
  if (patch.disabled || (patch.role && patch.role !== current.role)) {
    await deleteSessionsOf(deps.database.db, current.id);
  }
  await recordAudit(deps, actor, {
    action: 'staff.update',
    target: current.email,
    before: staffSummary(current),
    after: staffSummary(row),
  });
}

export async function hasAdmin(deps: Pick<AppDeps, 'database'>): Promise<boolean> {
  return (await allOperators(deps.database.db)).some(
    (row) => row.role === 'admin' && row.disabledAt === null,
  );
}
