import { DEFAULT_PLAYER_POSITION } from '@popstage/core/popclips';
import {
  type PlayerPosition,
  type PlayerPositionKey,
  playerPositionSchema,
} from '@popstage/core/shop';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api/ApiContext';
import type { ApiClient } from '../../../lib/api/client';

export type PlacementPlayer = 'featured' | 'miniplayer';
export type PlacementDevice = 'mobile' | 'desktop';
export type Positions = Record<PlacementDevice, PlayerPosition>;

/**
 * Which shop-info key holds which tab (docs/decisions.md): the Mobile tab is the storefront in a
 * phone's browser (`*_mobile_web`), the Desktop tab the other key (`*_mobile_app`).
 */
export const POSITION_KEYS: Record<PlacementPlayer, Record<PlacementDevice, PlayerPositionKey>> = {
  featured: {
    mobile: 'featured_popclip_position_mobile_web',
    desktop: 'featured_popclip_position_mobile_app',
  },
  miniplayer: {
    mobile: 'miniplayer_position_mobile_web',
    desktop: 'miniplayer_position_mobile_app',
  },
};

export const DEFAULT_POSITIONS: Positions = {
  mobile: { ...DEFAULT_PLAYER_POSITION.mobile },
  desktop: { ...DEFAULT_PLAYER_POSITION.desktop },
};

export const placementQueryKey = (shopDomain: string) => ['shop', 'positions', shopDomain] as const;

function readPosition(value: unknown, fallback: PlayerPosition): PlayerPosition {
  const parsed = playerPositionSchema.safeParse(value);
  return parsed.success ? parsed.data : { ...fallback };
}

/** The stored positions of one player, defaults where unset; a failed load is only logged. */
export function usePlacement(shopDomain: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: placementQueryKey(shopDomain),
    enabled,
    queryFn: async ({ signal }) => {
      const answer = await api.get<{ data: Record<string, unknown> }>(
        `/api/shopify/shop/${encodeURIComponent(shopDomain)}`,
        { signal },
      );
      return answer.data;
    },
  });
}

export function positionsOf(data: Record<string, unknown>, player: PlacementPlayer): Positions {
  return {
    mobile: readPosition(data[POSITION_KEYS[player].mobile], DEFAULT_POSITIONS.mobile),
    desktop: readPosition(data[POSITION_KEYS[player].desktop], DEFAULT_POSITIONS.desktop),
  };
}

export async function savePlacement(api: ApiClient, player: PlacementPlayer, positions: Positions) {
  for (const device of ['mobile', 'desktop'] as const) {
    await api.post('/api/shopify/shop-info', {
      key: POSITION_KEYS[player][device],
      value: positions[device],
    });
  }
}

export const isDefaultPlacement = (positions: Positions) =>
  (['mobile', 'desktop'] as const).every(
    (device) =>
      positions[device].xAxis === DEFAULT_POSITIONS[device].xAxis &&
      positions[device].yAxis === DEFAULT_POSITIONS[device].yAxis,
  );
