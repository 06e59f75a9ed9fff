export type { ShareGatingResponse, ShareLinkWire } from './contract';
export { sharingContract } from './contract';
export { SHARE_LIMIT_MESSAGE, SHARE_PAGE_TEXTS } from './messages';
export { shareEmbedCode, shareState, toShareGatingWire } from './rules';
