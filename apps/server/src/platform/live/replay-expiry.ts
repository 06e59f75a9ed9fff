/** Replays are kept 3 months after the show ends (spec 01 §2.9). */
export function replayExpiresAt(endedAt: Date): Date {
  const expires = new Date(endedAt);
  expires.setUTCMonth(expires.getUTCMonth() + 3);
  return expires;
}
