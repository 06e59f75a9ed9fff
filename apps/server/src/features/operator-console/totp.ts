import { Secret, TOTP } from 'otpauth';

/** RFC 6238 codes as every authenticator app makes them: SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;

function totp(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: 'Popstage operator console',
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app takes (typed in, or from a QR code). */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/**
 * The time step of a code of the current step or the one either side (clock drift), or null.
 * The caller records the step it accepted, so that a code works once (issue 28).
 */
export function totpStep(secret: string, email: string, code: string, now: Date): number | null {
  const delta = totp(secret, email).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

export function totpCode(secret: string, email: string, now: Date): string {
  return totp(secret, email).generate({ timestamp: now.getTime() });
}
