export type {
  AppConfig,
  AppConfigBody,
  AppRequest,
  AppRequestBody,
  AppSetup,
  CollectionOption,
  CollectionWithProducts,
  MobileCatalogueProduct,
  MobileMenu,
  MobileMenuItem,
  MobilePlanFacts,
} from './contract';
export {
  APP_SETUP_STEPS,
  appConfigBodySchema,
  appRequestBodySchema,
  mobileContract,
  publicMobileConfigSchema,
} from './contract';
export {
  clientIdSchema,
  HEX_COLOUR,
  inventoryLimitErrors,
  isHexColour,
  normaliseSupportUrl,
  supportUrlError,
} from './fields';
export * from './limits';
export {
  clientIdFailedMessage,
  clientIdSavedMessage,
  imageSizeMessage,
  MOBILE_MESSAGES,
} from './messages';
export type { BannerTone, MobileStatusBanner, MobileStatusFacts } from './status-banners';
export { mobileStatusBanners, NO_REVIEW, platformStatus } from './status-banners';
