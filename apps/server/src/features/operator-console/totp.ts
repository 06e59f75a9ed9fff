import { Secret, TOTP } from 'otpauth';

/** RFC 6238 codes as every authenticator app makes them: SHA-1, 6 digits, 30 s. */
function totp(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: 'Popstage operator console',
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
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

/** A code of the current step or the one either side (clock drift). */
export function checkTotp(secret: string, email: string, code: string, now: Date): boolean {
  return (
    totp(secret, email).validate({ token: code, timestamp: now.getTime(), window: 1 }) !== null
  );
}

export function totpCode(secret: string, email: string, now: Date): string {
  return totp(secret, email).generate({ timestamp: now.getTime() });
}
