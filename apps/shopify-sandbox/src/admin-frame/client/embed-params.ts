/**
 * Query parameters Shopify's admin sets on the app's iframe URL (the launch parameters): the
 * frame page adds them and a deep link's own values never win; the frame's script keeps them out
 * of the admin's own URL. One list for both sides.
 */
export const EMBED_PARAMS = [
  'shop',
  'host',
  'embedded',
  'id_token',
  'hmac',
  'locale',
  'session',
  'timestamp',
] as const;
