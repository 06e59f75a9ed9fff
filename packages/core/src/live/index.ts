export type { LiveShowProduct, LiveShowWire } from './contract';
export {
  isUnlimitedEvents,
  LIVE_MESSAGES,
  LIVE_PRODUCT_TITLE_MAX,
  LIVE_SHOW_PRODUCTS_MAX,
  LIVE_TITLE_MAX,
  liveContract,
  liveShowProductSchema,
  liveShowSchema,
  REPLAY_KEPT_MONTHS,
  REPLAY_SEGMENT_SECONDS,
  scheduleShowSchema,
} from './contract';
export { LIVE_SEGMENT_SECONDS, livePlaybackSettings } from './playback';
export {
  CHAT_HISTORY,
  CHAT_NAME_MAX,
  CHAT_TEXT_MAX,
  type ChatMessage,
  chatMessageSchema,
  chatPostSchema,
  type LiveShowEvent,
  type LiveShowState,
  liveShowEventSchema,
  liveShowStateSchema,
  PRESENCE_HEARTBEAT_SECONDS,
  PRESENCE_TTL_SECONDS,
  pinSchema,
  presenceSchema,
  type ShowPin,
  VIEWER_MESSAGES,
  viewerIdSchema,
} from './viewer-api';
