export type { LiveShowWire } from './contract';
export {
  isUnlimitedEvents,
  LIVE_MESSAGES,
  LIVE_SHOW_PRODUCTS_MAX,
  LIVE_TITLE_MAX,
  liveContract,
  liveShowSchema,
  REPLAY_KEPT_MONTHS,
  REPLAY_SEGMENT_SECONDS,
} from './contract';
