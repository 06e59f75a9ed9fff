import { lockoutMinutes, SIGN_IN_FAILURES_FORGOTTEN_HOURS } from '@popstage/core/operator-console';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { inTransaction } from '../../db/client';
import { operatorSignInAttempts as attempts } from '../../db/schema';
import type { AppDeps } from '../../deps';

type Deps = Pick<AppDeps, 'database' | 'clock'>;

/**
 * Counts a sign-in attempt of the e-mail before its password is checked, and sets the lock its
 * number earns in the same transaction (the row locked FOR UPDATE): parallel guesses from many
 * addresses queue on the row, and once locked each is refused unchecked. Answers the attempt's
 * number, or null while the e-mail is locked.
 */
export async function startSignInAttempt(deps: Deps, email: string): Promise<number | null> {
  const now = deps.clock.now();
  const forgotten = new Date(now.getTime() - SIGN_IN_FAILURES_FORGOTTEN_HOURS * 3_600_000);
  const db = deps.database.db;
  // Rows of a run nobody continued (most of them e-mails without an account) go after a day.
  await db
    .delete(attempts)
    .where(
      and(
        lt(attempts.lastAttemptAt, forgotten),
        or(isNull(attempts.lockedUntil), lt(attempts.lockedUntil, now)),
      ),
    );
  await db
    .insert(attempts)
    .values({ email, attempts: 0, lastAttemptAt: now, lockedUntil: null })
    .onConflictDoNothing();
  return inTransaction(deps, async (tx) => {
    const [row] = await tx.database.db
      .select()
      .from(attempts)
      .where(eq(attempts.email, email))
      .for('update');
    if (!row) return null;
    if (row.lockedUntil && row.lockedUntil > now) return null;
    const attempt = row.lastAttemptAt < forgotten ? 1 : row.attempts + 1;
    const minutes = lockoutMinutes(attempt);
    await tx.database.db
      .update(attempts)
      .set({
        attempts: attempt,
        lastAttemptAt: now,
        lockedUntil: minutes > 0 ? new Date(now.getTime() + minutes * 60_000) : null,
      })
      .where(eq(attempts.email, email));
    return attempt;
  });
}

/** A successful sign-in ends the e-mail's run of failures and its lock. */
export async function clearSignInAttempts(deps: Pick<AppDeps, 'database'>, email: string) {
  await deps.database.db.delete(attempts).where(eq(attempts.email, email));
}
