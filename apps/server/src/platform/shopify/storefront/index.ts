export type {
  SearchResults,
  StorefrontCatalogue,
  StorefrontCollection,
  StorefrontMenu,
  StorefrontMenuItem,
  StorefrontProduct,
} from './port';
export { createStorefrontCatalogue, STOREFRONT_SIZES } from './storefront-catalogue';
export { createStorefrontTokens, type StorefrontTokens } from './token-store';
