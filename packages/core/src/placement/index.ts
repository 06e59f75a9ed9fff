export { DEFAULT_PLAYER_POSITION } from './defaults';
export type { PlayerPosition, PlayerPositionKey } from './positions';
export { PLAYER_POSITION_KEYS, playerPositionSchema } from './positions';
