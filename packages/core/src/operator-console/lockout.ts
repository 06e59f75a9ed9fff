/**
 * Per-account lockout of the console's sign-in (issue 28), besides the per-address limit: an
 * attacker with many addresses still gets few guesses at one account. Counted per e-mail as
 * typed, whether or not an account has it, so a lockout tells nobody which e-mails exist.
 */

/** Failed sign-ins in a row an e-mail takes freely; the next attempts lock it with backoff. */
export const SIGN_IN_FREE_FAILURES = 4;
/** The longest lock; a failure after it locks for as long again. */
const MAX_LOCK_MINUTES = 60;
/** A run of failures is forgotten after a quiet day. */
export const SIGN_IN_FAILURES_FORGOTTEN_HOURS = 24;

/**
 * Minutes the e-mail stays locked once its nth attempt in a row has started (and not succeeded):
 * none for the first four, then 1, 2, 4, 8, 16, 32, then 60 for each further attempt. About ten
 * guesses in the first hour, then one an hour.
 */
export function lockoutMinutes(attempt: number): number {
  if (attempt <= SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(MAX_LOCK_MINUTES, 2 ** (attempt - SIGN_IN_FREE_FAILURES - 1));
}
