import {
  PLAYER_POSITION_KEYS,
  type PlayerPosition,
  playerPositionSchema,
} from '@popstage/core/placement';
import type { ShopDetails, ShopPositions } from '@popstage/core/shop';
import type { ShopRow } from '../../db/schema';

export function toShopDetails(row: ShopRow): ShopDetails {
  const clientId = row.info.customerAccountClientId;
  return {
    shopifyDomain: row.shopifyDomain,
    shopName: row.shopName,
    ownerName: row.ownerName,
    ownerEmail: row.ownerEmail,
    primaryDomainUrl: row.primaryDomainUrl,
    currency: row.currency,
    customerAccountClientId: typeof clientId === 'string' ? clientId : null,
  };
}

/** The stored player positions; a key unset (or not a position) answers null. */
export function toShopPositions(row: ShopRow): ShopPositions {
  const position = (value: unknown): PlayerPosition | null => {
    const parsed = playerPositionSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  };
  const positions = Object.fromEntries(
    PLAYER_POSITION_KEYS.map((key) => [key, position(row.info[key])]),
  ) as Omit<ShopPositions, 'shopifyDomain' | 'shopName'>;
  return { shopifyDomain: row.shopifyDomain, shopName: row.shopName, ...positions };
}
