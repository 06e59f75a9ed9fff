import { z } from 'zod';

/** Where the storefront players sit (spec 02 §2 Placement, §3, §9). */

/** Player position on the storefront, in percent of the viewport. */
export const playerPositionSchema = z.object({
  xAxis: z.number().min(0).max(100),
  yAxis: z.number().min(0).max(100),
});
export type PlayerPosition = z.infer<typeof playerPositionSchema>;

/** The shop-info keys that hold a player's position (featured clip and miniplayer, per device). */
export const PLAYER_POSITION_KEYS = [
  'featured_popclip_position_mobile_web',
  'featured_popclip_position_mobile_app',
  'miniplayer_position_mobile_web',
  'miniplayer_position_mobile_app',
] as const;
export type PlayerPositionKey = (typeof PLAYER_POSITION_KEYS)[number];
