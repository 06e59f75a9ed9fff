import { isShopDomain } from '@popstage/core/shop';
import type { Config } from '../config';
import { localAdminOrigin } from './shopify-admin';

/**
 * The Content-Security-Policy of the admin's document (issue 28: frame-ancestors was its only
 * directive). Every kind of source is named, so an injected script, a form or a request to a
 * stranger's host is refused by the browser:
 * - scripts: the app's own bundle, App Bridge (Shopify's CDN, or the local Shopify), and the two
 *   third-party widgets the admin loads on demand (Cloudflare Turnstile, Zendesk messaging);
 * - styles: the app's own stylesheet; Polaris and Polaris Viz set element styles at run time,
 *   and Turnstile and Zendesk inject theirs, so inline styles are allowed (styles cannot run code);
 * - connections, images and media: the app, its media store (local, a CDN or S3), Shopify's CDN
 *   (product images), the shop's own admin API (App Bridge's direct API access), the widgets;
 * - frames: the app's own pages (Insights report), Turnstile's challenge, Zendesk's messenger;
 * - frame-ancestors: the shop's admin and admin.shopify.com (the local Shopify offline).
 */
const SHOPIFY_CDN = 'https://cdn.shopify.com';
const TURNSTILE = 'https://challenges.cloudflare.com';
const ZENDESK = ['https://static.zdassets.com', 'https://*.zendesk.com', 'https://*.zdassets.com'];
const ZENDESK_SOCKETS = 'wss://*.zendesk.com';

const origin = (url: string) => new URL(url).origin;

/** Where uploads go and media is read when they are not the app's own origin. */
function mediaOrigins(config: Config): string[] {
  const origins = [origin(config.MEDIA_BASE_URL)];
  if (config.MEDIA_STORE === 's3' && config.S3_BUCKET) {
    const endpoint = config.S3_ENDPOINT
      ? new URL(config.S3_ENDPOINT)
      : new URL(`https://s3.${config.S3_REGION}.amazonaws.com`);
    // Presigned URLs are path-style on the endpoint, or virtual-hosted under the bucket's name.
    origins.push(
      config.S3_FORCE_PATH_STYLE
        ? endpoint.origin
        : `${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}`,
    );
  }
  return origins;
}

/**
 * Who may frame the app: Shopify's admin, or the local Shopify's (also when it runs alone). Alone,
 * it is the policy of every HTML page of the app that sets none of its own.
 */
export function frameAncestors(config: Config, query: unknown): string {
  const alone = localAdminOrigin(config);
  const local = alone ? ` ${alone}` : '';
  if (config.PLATFORM === 'sandbox') return `frame-ancestors 'self'${local}`;
  return `frame-ancestors ${shopOrigin(query)}https://admin.shopify.com${local}`;
}

function shopOrigin(query: unknown): string {
  const shop = (query as { shop?: unknown } | undefined)?.shop;
  return typeof shop === 'string' && isShopDomain(shop) ? `https://${shop} ` : '';
}

export function adminDocumentPolicy(config: Config, query: unknown): string {
  const local = localAdminOrigin(config) || null;
  const shop = config.PLATFORM === 'shopify' ? shopOrigin(query).trim() : '';
  const list = (...sources: (string | null | false)[]) =>
    [...new Set(sources.filter((source): source is string => Boolean(source)))].join(' ');
  const media = mediaOrigins(config);
  const appBridge = config.PLATFORM === 'shopify' && !local ? SHOPIFY_CDN : local;
  return [
    "default-src 'self'",
    `script-src ${list("'self'", appBridge, TURNSTILE, ZENDESK[0] ?? null)}`,
    `style-src ${list("'self'", "'unsafe-inline'", SHOPIFY_CDN, ...ZENDESK)}`,
    `font-src ${list("'self'", 'data:', SHOPIFY_CDN, ...ZENDESK)}`,
    `img-src ${list("'self'", 'data:', 'blob:', SHOPIFY_CDN, ...media, ...ZENDESK)}`,
    `media-src ${list("'self'", 'blob:', ...media, ...ZENDESK)}`,
    `connect-src ${list("'self'", ...media, appBridge, local, shop, TURNSTILE, ...ZENDESK, ZENDESK_SOCKETS)}`,
    `frame-src ${list("'self'", TURNSTILE, ...ZENDESK)}`,
    `worker-src ${list("'self'", 'blob:')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    frameAncestors(config, query),
  ].join('; ');
}
