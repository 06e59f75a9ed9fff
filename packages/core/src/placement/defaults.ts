import type { PlayerPosition } from './positions';

/**
 * Default player placement, percent of the viewport (spec 02 §3, §9). In a module of its own,
 * free of zod, so the storefront widget's bundle takes the numbers without the schemas.
 */
export const DEFAULT_PLAYER_POSITION = {
  mobile: { xAxis: 0, yAxis: 75 },
  desktop: { xAxis: 0, yAxis: 57 },
} as const satisfies Record<'mobile' | 'desktop', PlayerPosition>;
