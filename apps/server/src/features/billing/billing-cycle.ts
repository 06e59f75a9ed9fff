import { BILLING_INTERVAL_DAYS } from '@popstage/core/billing';

const CYCLE_MS = BILLING_INTERVAL_DAYS * 24 * 60 * 60 * 1000;

/** The 30-day cycle (counted from activation) that contains `now`. */
export function currentCycle(activatedAt: Date, now: Date): { start: Date; end: Date } {
  const elapsed = Math.max(0, now.getTime() - activatedAt.getTime());
  const cycles = Math.floor(elapsed / CYCLE_MS);
  const start = new Date(activatedAt.getTime() + cycles * CYCLE_MS);
  return { start, end: new Date(start.getTime() + CYCLE_MS) };
}
