export {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_SENDS_PER_IP_PER_HOUR,
  OTP_SENDS_PER_PHONE_PER_HOUR,
  OTP_TTL_SECONDS,
  STORE_ACCOUNT_POLL_MS,
  STORE_ACCOUNT_POLL_TRIES,
} from './constants';
export type {
  OtpChallengeWire,
  OtpConfigWire,
  PhoneVerificationWire,
  SellerAccountWire,
  StoreAccountWire,
} from './contract';
export { accountContract } from './contract';
export {
  ACCOUNT_MESSAGES,
  ACCOUNT_SERVER_MESSAGES,
  ACCOUNT_VALIDATION_MESSAGES,
  OTP_MESSAGES,
} from './messages';
export type { SellerPayload } from './seller';
export { buildSellerPayload } from './seller';
export type { AccountFormValues } from './validation';
export {
  ACCOUNT_FORM_DEFAULTS,
  accountFormSchema,
  combinePhone,
  normaliseEmail,
  sanitiseCodeInput,
} from './validation';
