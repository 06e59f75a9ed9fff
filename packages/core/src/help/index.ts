export type { SupportRequestBody, SupportRequestWire } from './contract';
export {
  helpContract,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_SUBJECT_MAX,
  supportRequestBodySchema,
} from './contract';
export { HELP_SERVER_MESSAGES } from './messages';
