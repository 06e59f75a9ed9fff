import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SIGNED_VISITOR_ID, VISITOR_ID_DAYS, visitorIdExpiresAt } from '@popstage/core/storefront';

/**
 * Visitor ids are issued by the server and signed for one shop (`<id>.<signature>`), so a client
 * cannot invent visitors to pump views and likes: each new one costs a rate-limited request.
 * They expire (docs/decisions.md "Address caps (issue 28)"): the signature part is the expiry day
 * (4 base36 digits, days since 1970) and 18 characters of HMAC over shop, id and that day, so a
 * stock of ids gathered slowly is worth nothing a month later. Renewing keeps the id (the visitor's
 * events and cart stay one visitor) and costs a request like a new one. The key is derived from
 * the app secret (no new secret to manage).
 */
const DAY_MS = 86_400_000;
const EXPIRY_DIGITS = 4;

function signature(apiSecret: string, shopDomain: string, id: string, expiry: string): string {
  const key = createHmac('sha256', apiSecret).update('popstage:visitor-id:v2').digest();
  const mac = createHmac('sha256', key).update(`${shopDomain}\n${id}\n${expiry}`);
  return `${expiry}${mac.digest('base64url').slice(0, 22 - EXPIRY_DIGITS)}`;
}

function expiryOf(expiresAt: Date): string {
  return Math.floor(expiresAt.getTime() / DAY_MS)
    .toString(36)
    .padStart(EXPIRY_DIGITS, '0');
}

/** The signed form of `id` for the shop, valid until the UTC day of `expiresAt` has passed. */
export function signVisitorId(
  apiSecret: string,
  shopDomain: string,
  id: string,
  expiresAt: Date,
): string {
  return `${id}.${signature(apiSecret, shopDomain, id, expiryOf(expiresAt))}`;
}

/** A visitor id for the shop valid VISITOR_ID_DAYS from now: `renewing`'s id, or a new one. */
export function newVisitorId(
  apiSecret: string,
  shopDomain: string,
  now: Date,
  renewing: string | null = null,
): string {
  const id = renewing ?? randomBytes(16).toString('base64url');
  return signVisitorId(
    apiSecret,
    shopDomain,
    id,
    new Date(now.getTime() + VISITOR_ID_DAYS * DAY_MS),
  );
}

/**
 * The visitor of a signed id issued by this app for this shop, or null; an expired id is null
 * unless `acceptExpired` (renewal). Events are stored under the visitor (the part before the
 * dot), which is also what the widget puts on the cart.
 */
export function issuedVisitor(
  apiSecret: string,
  shopDomain: string,
  signed: string,
  now: Date,
  acceptExpired = false,
): string | null {
  if (!SIGNED_VISITOR_ID.test(signed)) return null;
  const dot = signed.lastIndexOf('.');
  const visitor = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expiry = signed.slice(dot + 1, dot + 1 + EXPIRY_DIGITS);
  const expected = Buffer.from(signature(apiSecret, shopDomain, visitor, expiry));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expired = visitorIdExpiresAt(signed) <= now.getTime();
  return expired && !acceptExpired ? null : visitor;
}
