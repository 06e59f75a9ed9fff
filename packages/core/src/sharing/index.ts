export type {
  ShareGatingResponse,
  ShareGatingWire,
  ShareLinkWire,
  ShareState,
} from './contract';
export {
  SHARE_STATES,
  shareGatingQuerySchema,
  shareGatingResponseSchema,
  shareLinkBodySchema,
  shareLinkSchema,
  sharingContract,
} from './contract';
export { SHARE_LIMIT_MESSAGE, SHARE_PAGE_TEXTS } from './messages';
export { EMBED_SIZE, shareEmbedCode, shareState, toShareGatingWire } from './rules';
