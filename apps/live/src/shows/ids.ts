import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random id with a readable prefix (`show_…`). */
export const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url')}`;

/** An RTMP stream key: long and random, so it cannot be guessed from another show's. */
export const newStreamKey = () => randomBytes(24).toString('base64url');

/** The studio token of a seller: HMAC of the service's secret, so nothing needs storing. */
export function studioToken(secret: string, sellerId: string): string {
  return createHmac('sha256', secret).update(`studio:${sellerId}`).digest('base64url');
}

/** Constant-time comparison of a presented token with the expected one. */
export function sameToken(presented: string | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
