import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { deleteSession, findLiveSession, insertSession, type OperatorUserRow } from './store';

/** The console's cookie: HttpOnly, SameSite=Strict, Path=/operator, Secure behind https. */
export const SESSION_COOKIE = 'popstage_operator';
/** A session lasts a working day, however active (staff sign in again the next day). */
export const SESSION_TTL_MS = 12 * 60 * 60_000;

export interface ConsoleSession {
  user: OperatorUserRow;
  csrfToken: string;
  tokenHash: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new session; the token goes in the cookie, only its hash is stored. */
export async function openSession(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  userId: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await insertSession(deps.database.db, {
    tokenHash: hashToken(token),
    userId,
    csrfToken: randomBytes(24).toString('base64url'),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return token;
}

/** The session of a cookie, while it lives and its staff member is not disabled. */
export async function readSession(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  token: string | undefined,
): Promise<ConsoleSession | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const row = await findLiveSession(deps.database.db, tokenHash, deps.clock.now());
  if (!row || row.user.disabledAt !== null) return null;
  return { user: row.user, csrfToken: row.session.csrfToken, tokenHash };
}

export function closeSession(deps: Pick<AppDeps, 'database'>, session: ConsoleSession) {
  return deleteSession(deps.database.db, session.tokenHash);
}
