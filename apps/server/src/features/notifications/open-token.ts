import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The per-device open token a notification's payload carries: the device's id and an HMAC of
 * (notification, device) under a key derived from the app secret. Only a device the
 * notification was sent to holds it, so an open cannot be reported for a device registered
 * after the send, or for a notification not sent yet (docs/decisions.md, issue 28).
 */
const keyOf = (secret: string) =>
  createHmac('sha256', secret).update('popstage push open token v1').digest();

const mac = (key: Buffer, notificationId: string, deviceId: number) =>
  createHmac('sha256', key).update(`${notificationId}:${deviceId}`).digest().subarray(0, 16);

export function openTokens(secret: string) {
  const key = keyOf(secret);
  return {
    issue: (notificationId: string, deviceId: number) =>
      `${deviceId}.${mac(key, notificationId, deviceId).toString('base64url')}`,
    /** The device id the token was issued to for this notification, or null. */
    verify(notificationId: string, token: string): number | null {
      const match = /^(\d{1,15})\.([A-Za-z0-9_-]{22})$/.exec(token);
      if (!match) return null;
      const deviceId = Number(match[1]);
      const given = Buffer.from(match[2] as string, 'base64url');
      const expected = mac(key, notificationId, deviceId);
      return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
    },
  };
}
