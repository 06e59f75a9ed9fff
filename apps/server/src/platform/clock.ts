/** The time source of rules with deadlines (OTP expiry, resend, limits), so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
