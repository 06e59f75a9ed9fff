import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@popstage/core/account';

/** A uniformly random 6-digit code (leading zeros kept). */
export function generateOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * The key codes are hashed with: derived from the app secret for this one purpose, so no new
 * secret has to be managed and a leaked hash column cannot be checked without the app secret.
 */
export function otpHashKey(appSecret: string): Buffer {
  return createHmac('sha256', appSecret).update('popstage/otp-code-hash/v1').digest();
}

/** HMAC-SHA256 over challenge id and code: the same code in another challenge hashes apart. */
export function hashOtpCode(key: Buffer, challengeId: string, code: string): string {
  return createHmac('sha256', key).update(`${challengeId}:${code}`).digest('hex');
}

/** Constant-time comparison of a submitted code against the stored hash. */
export function otpCodeMatches(
  key: Buffer,
  challengeId: string,
  code: string,
  storedHash: string,
): boolean {
  const submitted = Buffer.from(hashOtpCode(key, challengeId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return submitted.length === stored.length && timingSafeEqual(submitted, stored);
}

const UID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 28-character alphanumeric id (the shape of a phone-auth provider's user id). */
export function generateUid(): string {
  let uid = '';
  for (let i = 0; i < 28; i += 1) uid += UID_ALPHABET[randomInt(UID_ALPHABET.length)];
  return uid;
}
