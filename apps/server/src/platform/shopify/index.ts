export { isAppEmbedEnabledIn } from './app-embed';
export { ShopifyAuthError, ShopifyUnavailableError, ShopifyUserError } from './errors';
export { createShopifyPlatform, type ShopifyPlatformOptions } from './shopify-platform';
export { signShopifyWebhook, verifyShopifyWebhook } from './webhook-hmac';
