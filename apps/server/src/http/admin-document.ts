import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

/** Shopify requires App Bridge from its CDN, as the first script of the admin's document. */
const SHOPIFY_APP_BRIDGE = 'https://cdn.shopify.com/shopifycloud/app-bridge.js';
/** The local Shopify's App Bridge (apps/shopify-sandbox), mounted with it at /sandbox. */
const LOCAL_APP_BRIDGE = '/sandbox/app-bridge.js';

/**
 * Where App Bridge comes from: the admin the app talks to. A local Shopify running alone
 * (SHOPIFY_ADMIN_URL) serves its own, in either mode; otherwise Shopify's CDN, or the local
 * Shopify mounted in the app in sandbox mode.
 */
function appBridgeSrc(config: Config): string {
  if (config.SHOPIFY_ADMIN_URL)
    return `${config.SHOPIFY_ADMIN_URL.replace(/\/+$/, '')}/app-bridge.js`;
  return config.PLATFORM === 'shopify' ? SHOPIFY_APP_BRIDGE : LOCAL_APP_BRIDGE;
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The admin's index.html as served: the API key and App Bridge's script are written at serve
 * time (not build time), from configuration, so one build runs against any app and both modes.
 */
export function adminDocument(adminDist: string, config: Config): string {
  const html = readFileSync(join(adminDist, 'index.html'), 'utf8');
  const src = appBridgeSrc(config);
  const head = [
    `<meta name="shopify-api-key" content="${attribute(config.SHOPIFY_API_KEY)}" />`,
    // The footer of the shop-load error page, which has no shop (and so no config) to read.
    `<meta name="popstage-support-email" content="${attribute(config.SUPPORT_EMAIL)}" />`,
    `<meta name="popstage-help-center-url" content="${attribute(config.HELP_CENTER_URL)}" />`,
    `<script src="${src}"></script>`,
  ].join('\n    ');
  // Right after the charset, before Vite's module script and styles.
  return html.replace(/(<meta charset="[^"]*"\s*\/?>)/i, `$1\n    ${head}`);
}
