import { CONSOLE_MESSAGES as M, type signInSchema } from '@popstage/core/operator-console';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import { spendPasswordTime, verifyPassword } from './passwords';
import { findOperatorByEmail, type OperatorUserRow } from './store';
import { checkTotp } from './totp';

/**
 * E-mail and password (argon2id), then the TOTP code when the staff member enrolled one. Every
 * failure reads the same, so the form tells nobody which e-mails exist.
 */
export async function authenticate(
  deps: Pick<AppDeps, 'database' | 'clock' | 'secrets'>,
  input: z.output<typeof signInSchema>,
): Promise<OperatorUserRow> {
  const user = await findOperatorByEmail(deps.database.db, input.email);
  if (!user || user.disabledAt !== null) {
    await spendPasswordTime(input.password);
    throw new HttpError(401, M.signInFailed);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new HttpError(401, M.signInFailed);
  }
  if (user.totpSecret) {
    if (input.code === '') throw new HttpError(401, M.codeRequired);
    const secret = deps.secrets.decrypt(user.totpSecret);
    if (!checkTotp(secret, user.email, input.code, deps.clock.now())) {
      throw new HttpError(401, M.signInFailed);
    }
  }
  return user;
}
