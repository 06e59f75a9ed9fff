import { REPLAY_KEPT_MONTHS } from '@popstage/core/live';

/** Replays are kept 3 months after the show ends (spec 01 §2.9). */
export function replayExpiresAt(endedAt: Date): Date {
  const expires = new Date(endedAt);
  expires.setUTCMonth(expires.getUTCMonth() + REPLAY_KEPT_MONTHS);
  return expires;
}
