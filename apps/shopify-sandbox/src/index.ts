/**
 * The local Shopify's public face (package entry "."): what the app mounts and the Shopify facts
 * it may name. Tests reach their helpers through ./testing (src/testing/index.ts); nothing outside
 * this workspace imports anything else of it (dependency-cruiser: local-shopify-one-face).
 */
export { type LocalShopify, openLocalShopify } from './local-shopify';
export { API_VERSION } from './schema/load-schema';
export { DEMO_SHOP, OTHER_SHOP } from './store/shop-definitions';
export type { SandboxStore } from './store/store';
