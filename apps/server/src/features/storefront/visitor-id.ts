import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SIGNED_VISITOR_ID } from '@popstage/core/storefront';

/**
 * Visitor ids are issued by the server and signed for one shop (`<id>.<signature>`), so a client
 * cannot invent visitors to pump views and likes: each new one costs a rate-limited request.
 * The key is derived from the app secret (no new secret to manage).
 */
function signature(apiSecret: string, shopDomain: string, id: string): string {
  const key = createHmac('sha256', apiSecret).update('popstage:visitor-id:v1').digest();
  return createHmac('sha256', key).update(`${shopDomain}\n${id}`).digest('base64url').slice(0, 22);
}

/** The signed form of `id` for the shop (tests sign readable ids with it). */
export function signVisitorId(apiSecret: string, shopDomain: string, id: string): string {
  return `${id}.${signature(apiSecret, shopDomain, id)}`;
}

/** A new random visitor of the shop. */
export function newVisitorId(apiSecret: string, shopDomain: string): string {
  return signVisitorId(apiSecret, shopDomain, randomBytes(16).toString('base64url'));
}

/**
 * The visitor of a signed id issued by this app for this shop, or null. Events are stored under
 * the visitor (the part before the dot), which is also what the widget puts on the cart.
 */
export function issuedVisitor(
  apiSecret: string,
  shopDomain: string,
  signed: string,
): string | null {
  if (!SIGNED_VISITOR_ID.test(signed)) return null;
  const dot = signed.lastIndexOf('.');
  const visitor = signed.slice(0, dot);
  const expected = Buffer.from(signature(apiSecret, shopDomain, visitor));
  const given = Buffer.from(signed.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? visitor : null;
}
