import { DEFAULT_PLAYER_POSITION, type PlayerPosition } from '@popstage/core/placement';
import type { Device, DevicePositions } from './types';

/** Below this width the storefront is a phone's (Shopify themes switch layout at 750 px). */
export const MOBILE_QUERY = '(max-width: 749px)';

export function currentDevice(win: Window = window): Device {
  return win.matchMedia?.(MOBILE_QUERY).matches ? 'mobile' : 'desktop';
}

const clampPercent = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;

/** The stored position of a device, the spec's default where missing or malformed. */
export function positionFor(positions: Partial<DevicePositions> | undefined, device: Device) {
  const stored = positions?.[device];
  if (!stored || typeof stored !== 'object') return { ...DEFAULT_PLAYER_POSITION[device] };
  return { xAxis: clampPercent(stored.xAxis), yAxis: clampPercent(stored.yAxis) };
}

/** Distance kept between a player and the viewport's edges, in px. */
export const EDGE_PX = 12;

/**
 * Fixed-position CSS of a player: xAxis/yAxis are percents of the viewport (inside a 12 px edge),
 * and the player's own box is shifted by the same percent, so 0 puts it at the left/top edge, 100
 * at the right/bottom edge, and it never leaves the viewport whatever its size. Being fixed, it
 * shifts no layout.
 */
export function positionStyle(position: PlayerPosition): {
  left: string;
  top: string;
  transform: string;
} {
  const x = clampPercent(position.xAxis);
  const y = clampPercent(position.yAxis);
  const at = (percent: number) =>
    `calc(${EDGE_PX}px + (100% - ${2 * EDGE_PX}px) * ${percent / 100})`;
  return { left: at(x), top: at(y), transform: `translate(-${x}%, -${y}%)` };
}
