import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Shopify webhooks carry X-Shopify-Hmac-Sha256: base64 HMAC-SHA256 of the raw request body with
 * the app's client secret. Compared in constant time; a missing or wrong-length header is simply
 * false (timingSafeEqual throws on unequal lengths, so lengths are checked first).
 * https://shopify.dev/docs/apps/build/webhooks/subscribe/https#step-5-verify-the-webhook
 */
export function verifyShopifyWebhook(
  rawBody: Buffer,
  hmacHeader: string | undefined,
  secret: string,
): boolean {
  if (!hmacHeader) return false;
  // Compare the base64 text itself: decoding first would let trailing junk after the padding
  // ("...=AAAA") through, since Node's base64 decoder stops there.
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody).digest('base64'));
  const received = Buffer.from(hmacHeader.trim());
  if (received.length !== expected.length) return false;
  return timingSafeEqual(received, expected);
}

/** The header value Shopify would send for this body; for tests and local tooling. */
export function signShopifyWebhook(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}
