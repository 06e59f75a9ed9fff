export type * from './port';
export { createStorefrontCatalogue, STOREFRONT_SIZES } from './storefront-catalogue';
export { createStorefrontTokens, type StorefrontTokens } from './token-store';
