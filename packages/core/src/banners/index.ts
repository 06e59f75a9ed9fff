export type { BannerRule, BannerRuleInput, PromoBanner } from './contract';
export {
  BANNER_LIMITS,
  BANNER_MESSAGES,
  bannerRuleInputSchema,
  bannerRulesOperatorContract,
  bannersContract,
} from './contract';
export {
  POPUP_AUTHORIZATION_HEADER,
  POPUP_SIGNATURE_MESSAGES,
  POPUP_SIGNATURE_WINDOW_MS,
  POPUP_TIMESTAMP_HEADER,
  popupSigningInput,
} from './signature';
