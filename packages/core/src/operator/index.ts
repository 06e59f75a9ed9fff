export type {
  MobilePreset,
  MobileRequestChange,
  OperatorBillingOffer,
  OperatorOrderAttribution,
  OperatorShop,
  PriceOption,
} from './contract';
export {
  flagsPatchSchema,
  MOBILE_PLATFORM_STATES,
  MOBILE_PRESETS,
  mobileRequestChangeSchema,
  operatorContract,
  planChangeProposalSchema,
} from './contract';
