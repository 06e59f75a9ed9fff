import { StoreError } from './errors';

/** Shopify-style global ids (gid://shopify/Product/1001) and opaque pagination cursors. */

export type GidType =
  | 'Product'
  | 'ProductVariant'
  | 'Collection'
  | 'Menu'
  | 'Page'
  | 'OnlineStoreTheme'
  | 'AppSubscription'
  | 'AppInstallation'
  | 'Publication'
  | 'Metafield'
  | 'Shop'
  | 'StorefrontAccessToken'
  | 'Order'
  | 'App'
  | 'Channel';

export function toGid(type: GidType, id: number): string {
  return `gid://shopify/${type}/${id}`;
}

/** The numeric id of a GID of the given type; null for anything else (wrong type, junk). */
export function parseGid(type: GidType, gid: string): number | null {
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d{1,15})$/.exec(gid);
  if (!match || match[1] !== type) return null;
  return Number(match[2]);
}

/** Shopify cursors are base64 JSON of the last row's key; clients must treat them as opaque. */
export function encodeCursor(lastId: number): string {
  return Buffer.from(JSON.stringify({ last_id: lastId })).toString('base64url');
}

export function decodeCursor(cursor: string): number {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const lastId = (value as { last_id?: unknown } | null)?.last_id;
    if (typeof lastId === 'number' && Number.isSafeInteger(lastId) && lastId >= 0) return lastId;
  } catch {
    // fall through: a cursor that is not ours is a caller error
  }
  throw new StoreError('invalid', 'Invalid cursor');
}
