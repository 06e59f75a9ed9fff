export type {
  MobilePreset,
  OperatorBillingOffer,
  OperatorOrderAttribution,
  OperatorShop,
  PriceOption,
} from './contract';
export {
  flagsPatchSchema,
  MOBILE_PRESETS,
  operatorContract,
  planChangeProposalSchema,
} from './contract';
