import {
  DEFAULT_PLAYER_POSITION,
  type PlayerPosition,
  type PlayerPositionKey,
} from '@popstage/core/placement';
import { type ShopPositions, shopContract } from '@popstage/core/shop';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../lib/api/ApiContext';
import type { ApiClient } from '../../lib/api/client';
import { type CacheKeys, invalidateKeys, routeKey, useRouteQuery } from '../../lib/api/hooks';

const positionsKey = routeKey(shopContract.positions);

export const cacheKeys: CacheKeys = { queries: [positionsKey], invalidates: [positionsKey] };

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

/** The shop's stored positions (GET /api/shopify/shop/:shopifyDomain); a failed load is only logged. */
export function usePlacement(shopDomain: string, enabled: boolean) {
  return useRouteQuery(
    shopContract.positions,
    { params: { shopifyDomain: shopDomain } },
    { enabled, select: (answer) => answer.data },
  );
}

/** One player's positions, defaults where unset. */
export function positionsOf(data: Partial<ShopPositions>, player: PlacementPlayer): Positions {
  const read = (device: PlacementDevice) => ({
    ...(data[POSITION_KEYS[player][device]] ?? DEFAULT_POSITIONS[device]),
  });
  return { mobile: read('mobile'), desktop: read('desktop') };
}

/** Each device's position is one shop-info key. */
export async function savePlacement(api: ApiClient, player: PlacementPlayer, positions: Positions) {
  for (const device of ['mobile', 'desktop'] as const) {
    await api.call(shopContract.saveInfo, {
      body: { key: POSITION_KEYS[player][device], value: positions[device] },
    });
  }
}

/** The placement modal's save: the stored positions are read again afterwards. */
export function useSavePlacement() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (player: PlacementPlayer, positions: Positions) => {
      await savePlacement(api, player, positions);
      void invalidateKeys(queryClient, [positionsKey]);
    },
    [api, queryClient],
  );
}

export const isDefaultPlacement = (positions: Positions) =>
  (['mobile', 'desktop'] as const).every(
    (device) =>
      positions[device].xAxis === DEFAULT_POSITIONS[device].xAxis &&
      positions[device].yAxis === DEFAULT_POSITIONS[device].yAxis,
  );
