/**
 * The promo banner calls carry a timestamp header and a hashed bearer authorization (spec 03 §7).
 * Ours: `X-Popstage-Timestamp` is the send time in milliseconds since the epoch, and
 * `X-Popstage-Authorization: Bearer <hex HMAC-SHA256>` keyed by the request's session token over
 * the string below, so a captured call cannot be replayed later than the window nor changed
 * (method, path, query, body) within it. The session token still authenticates the shop.
 */

export const POPUP_TIMESTAMP_HEADER = 'x-popstage-timestamp';
export const POPUP_AUTHORIZATION_HEADER = 'x-popstage-authorization';
/** How far the timestamp may be from the server's clock, either way. */
export const POPUP_SIGNATURE_WINDOW_MS = 5 * 60_000;

export const POPUP_SIGNATURE_MESSAGES = {
  missing: 'The request must be signed (timestamp and authorization headers).',
  stale: 'The request timestamp is too far from the server time.',
  invalid: 'The request signature does not match.',
} as const;

/** What is signed: timestamp, method, path with its query, and the JSON body ('' without one). */
export function popupSigningInput(parts: {
  timestamp: string;
  method: string;
  pathWithQuery: string;
  body: string;
}): string {
  return [parts.timestamp, parts.method.toUpperCase(), parts.pathWithQuery, parts.body].join('\n');
}
