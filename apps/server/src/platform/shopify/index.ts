export { isAppEmbedEnabledIn } from './app-embed';
export { readAppScopes } from './app-scopes';
export { ShopifyAuthError, ShopifyUnavailableError, ShopifyUserError } from './errors';
export { createShopifyPlatform, type ShopifyPlatformOptions } from './shopify-platform';
export { readThemeExtensionUuid } from './theme-extension';
export { signShopifyWebhook, verifyShopifyWebhook } from './webhook-hmac';
