export type { SupportRequestBody, SupportRequestWire } from './contract';
export {
  helpContract,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_SUBJECT_MAX,
  supportRequestBodySchema,
} from './contract';
export type { HelpArticle, HelpArticleSummary, HelpCenterTree } from './help-center';
export { HELP_SEARCH_LIMIT, HELP_SEARCH_MAX, helpCenterContract } from './help-center';
export { HELP_CENTER_MESSAGES, HELP_SERVER_MESSAGES } from './messages';
