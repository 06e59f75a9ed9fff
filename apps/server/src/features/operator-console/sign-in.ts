import { CONSOLE_MESSAGES as M, type signInSchema } from '@popstage/core/operator-console';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import { recordAudit } from '../operator';
import { spendPasswordTime, verifyPassword } from './passwords';
import { clearSignInAttempts, startSignInAttempt } from './sign-in-attempts';
import { claimTotpStep, findOperatorByEmail, type OperatorUserRow } from './store';
import { totpStep } from './totp';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'secrets'>;

/** Why a sign-in failed, for the audit log only: the form says the same for every one. */
type FailureReason =
  | 'locked'
  | 'unknown-or-disabled'
  | 'password'
  | 'code-missing'
  | 'code'
  | 'code-used';

/**
 * E-mail and password (argon2id), then the TOTP code when the staff member enrolled one. Every
 * failure reads the same, so the form tells nobody which e-mails exist. Each attempt counts
 * against the e-mail (sign-in-attempts.ts: locked with backoff after four in a row), a TOTP step
 * is accepted once, and every sign-in and failure is in the audit log with the address.
 */
export async function authenticate(
  deps: Deps,
  input: z.output<typeof signInSchema>,
  ip: string,
): Promise<OperatorUserRow> {
  const failed = async (reason: FailureReason, attempt: number | null, message: string) => {
    await recordAudit(
      deps,
      { email: input.email },
      {
        action: 'staff.sign-in-failed',
        target: input.email,
        before: null,
        after: { ip, reason, attempt },
      },
    );
    return new HttpError(reason === 'locked' ? 429 : 401, message);
  };

  const attempt = await startSignInAttempt(deps, input.email);
  if (attempt === null) throw await failed('locked', null, M.accountLocked);
  const user = await findOperatorByEmail(deps.database.db, input.email);
  if (!user || user.disabledAt !== null) {
    await spendPasswordTime(input.password);
    throw await failed('unknown-or-disabled', attempt, M.signInFailed);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw await failed('password', attempt, M.signInFailed);
  }
  if (user.totpSecret) {
    if (input.code === '') throw await failed('code-missing', attempt, M.codeRequired);
    const secret = deps.secrets.decrypt(user.totpSecret);
    const step = totpStep(secret, user.email, input.code, deps.clock.now());
    if (step === null) throw await failed('code', attempt, M.signInFailed);
    // A code seen on a shoulder or in a phishing proxy cannot sign in a second time.
    if (!(await claimTotpStep(deps.database.db, user.id, step))) {
      throw await failed('code-used', attempt, M.signInFailed);
    }
  }
  await clearSignInAttempts(deps, input.email);
  await recordStaffAccess(deps, user.email, 'staff.sign-in', ip);
  return user;
}

/** Logs what staff do to their own access (sign-in, sign-out, password change) and from where. */
export function recordStaffAccess(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  email: string,
  action: 'staff.sign-in' | 'staff.sign-out' | 'staff.password-change',
  ip: string,
): Promise<void> {
  return recordAudit(deps, { email }, { action, target: email, before: null, after: { ip } });
}
