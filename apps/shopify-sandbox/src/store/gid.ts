import { createHash } from 'node:crypto';
import { StoreError } from './errors';
import { findShopDefinition } from './shop-definitions';

/** Shopify-style global ids (gid://shopify/Product/1001) and opaque pagination cursors. */

export type GidType =
  | 'Product'
  | 'ProductVariant'
  | 'Collection'
  | 'Menu'
  | 'Page'
  | 'OnlineStoreTheme'
  | 'AppSubscription'
  | 'AppUsageRecord'
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

/**
 * A shop's own number: its objects' ids start there (the seeded shops' `idBase`; any other shop a
 * stable number of its domain above them), so no two shops share an id, as on Shopify.
 */
export function shopNumber(shop: string): number {
  const defined = findShopDefinition(shop)?.idBase;
  if (defined !== undefined) return defined;
  const hash = createHash('sha256').update(shop).digest().readUInt32BE(0);
  return 1_000_000 + (hash % 1_000_000) * 100;
}

/**
 * The GIDs of what each shop has once, by kind: the shop itself, the app's installation on it,
 * the Online Store's and the app's publications (and their catalogs), the app's channel, the
 * published theme. Apps are the same on every shop (Shopify's app ids are global).
 */
const SHOP_OBJECT_OFFSET = {
  Shop: 0,
  AppInstallation: 0,
  Publication: 1,
  AppCatalog: 1,
  OnlinePublication: 2,
  OnlineCatalog: 2,
  Channel: 1,
  OnlineStoreTheme: 1,
} as const;

export type ShopObject = keyof typeof SHOP_OBJECT_OFFSET;

export function shopObjectGid(shop: string, kind: ShopObject): string {
  const type =
    kind === 'OnlinePublication' ? 'Publication' : kind === 'OnlineCatalog' ? 'AppCatalog' : kind;
  return `gid://shopify/${type}/${shopNumber(shop) + SHOP_OBJECT_OFFSET[kind]}`;
}

/** The installed app's number: `$app` metafield namespaces resolve to `app--<number>`. */
export const APP_NUMBER = 1;
export const APP_NAMESPACE = `app--${APP_NUMBER}`;

/**
 * Shopify resolves the `$app` prefix to the app's reserved namespace (`$app` → `app--<id>`,
 * `$app:name` → `app--<id>--name`); no namespace means `$app`; others stay as given.
 * https://shopify.dev/docs/apps/build/custom-data/ownership#reserved-prefixes
 */
export function resolveNamespace(namespace: string | null | undefined): string {
  if (!namespace || namespace === '$app') return APP_NAMESPACE;
  if (namespace.startsWith('$app:')) return `${APP_NAMESPACE}--${namespace.slice(5)}`;
  return namespace;
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
