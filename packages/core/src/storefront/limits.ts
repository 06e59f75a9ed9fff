/** Events per POST (the contract's batch limit), zod-free so the widget's bundle can take it. */
export const STOREFRONT_EVENTS_MAX = 50;

/**
 * Views and likes a single client address may add to one clip in a UTC day (the server's
 * defaults). A shopper watches a clip a few times; a household or an office behind one address
 * rarely more than a handful of people: beyond that it is pumping (one address added 100 views
 * per clip in 0.75 s).
 */
export const VIEWS_PER_ADDRESS_CLIP_DAY = 20;
export const LIKES_PER_ADDRESS_CLIP_DAY = 5;

/**
 * New visitor ids one client address may be issued per hour (the server's default). A shopper
 * keeps hers in the browser for good; a busy household or office asks a few times an hour.
 */
export const VISITORS_PER_ADDRESS_HOUR = 120;

/**
 * A visitor id is issued and signed by the server: `<id>.<signature>`, both base64url. The widget
 * keeps it as it is; only its shape is checked here (the signature on the server).
 */
export const SIGNED_VISITOR_ID = /^[\w-]{1,64}\.[\w-]{22}$/;
