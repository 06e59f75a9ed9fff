/** Events per POST (the contract's batch limit), zod-free so the widget's bundle can take it. */
export const STOREFRONT_EVENTS_MAX = 50;

/**
 * Visitors whose views (and likes) a single client address (an IPv4 address, an IPv6 /64) may add
 * to one clip in a UTC day (the server's defaults). Counted in distinct visitors: a shopper who
 * watches a clip again and again takes one place, so the others behind her office or carrier
 * address still count. Beyond that it is pumping (one address added 100 views per clip in 0.75 s).
 */
export const VIEWS_PER_ADDRESS_CLIP_DAY = 20;
export const LIKES_PER_ADDRESS_CLIP_DAY = 5;

/**
 * Views one site (an IPv4 address, an IPv6 /48: one customer's allocation) may add to a shop in a
 * UTC day, all clips together: no one site can take a shop to its monthly view limit (a free
 * shop's 1,000 needs five days from one site; a /56 took one in 23 s before).
 */
export const VIEWS_PER_SITE_DAY = 200;

/** Days a visitor id is valid; the widget renews it (same visitor) before then. */
export const VISITOR_ID_DAYS = 30;

/**
 * New visitor ids one client address may be issued per hour (the server's default). A shopper
 * keeps hers in the browser for good; a busy household or office asks a few times an hour.
 */
export const VISITORS_PER_ADDRESS_HOUR = 120;

/**
 * New visitor ids one site (an IPv4 address, an IPv6 /48) may be issued for one shop per hour,
 * all its /64s together (the server's default): a /48 holds 65,536 /64s, so the per-address
 * allowance alone let one /48 mint millions of ids an hour. Eight busy /64s' worth: an office or
 * a carrier's /48 rarely brings one shop a thousand new shoppers an hour.
 */
export const VISITORS_PER_SITE_HOUR = 1000;

/**
 * A visitor id is issued and signed by the server: `<id>.<signature>`, both base64url. The widget
 * keeps it as it is; only its shape is checked here (the signature on the server).
 */
export const SIGNED_VISITOR_ID = /^[\w-]{1,64}\.[\w-]{22}$/;

/**
 * When a signed visitor id stops being accepted (ms since 1970; 0 if unreadable): the first four
 * characters of its signature are its expiry day in base36 (days since 1970), valid through that
 * UTC day. The widget renews the id before then.
 */
export function visitorIdExpiresAt(signed: string): number {
  const dot = signed.lastIndexOf('.');
  const days = Number.parseInt(signed.slice(dot + 1, dot + 5), 36);
  return dot < 0 || Number.isNaN(days) ? 0 : (days + 1) * 86_400_000;
}
