export type { PlayerPosition, PlayerPositionKey } from './positions';
export { DEFAULT_PLAYER_POSITION, PLAYER_POSITION_KEYS, playerPositionSchema } from './positions';
