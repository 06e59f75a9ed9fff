import type { Db } from '../db/client';
import type { ShopRow } from '../db/schema';
import { insertPopclip } from '../features/popclips/store';
import { insertShop } from '../features/shop/store';

/**
 * Rows the focused tests arrange straight in a migrated database, without an app (the tests
 * mutation testing reruns): an installed shop as the platform would describe it, and a processed
 * clip of it.
 */
export function insertTestShop(db: Db, domain: string): Promise<ShopRow> {
  return insertShop(db, {
    shopifyDomain: domain,
    shopName: domain,
    shopHandle: domain.replace(/\.myshopify\.com$/, ''),
    ownerName: 'Owner',
    ownerEmail: 'owner@example.com',
    primaryDomainUrl: `https://${domain}`,
    currency: 'USD',
    shopifyShopCreatedAt: new Date('2024-01-01T00:00:00Z'),
  });
}

export async function insertTestClip(db: Db, shopId: string, id: string, at: Date): Promise<void> {
  const prefix = `shops/${shopId}/clips/${id}`;
  await insertPopclip(db, {
    shopId,
    metaIdentifier: id,
    title: `Clip ${id}`,
    status: 'processed',
    originalKey: `${prefix}/original.mp4`,
    originalContentType: 'video/mp4',
    playableKey: `${prefix}/playable.mp4`,
    thumbnailKey: `${prefix}/thumb.jpg`,
    previewKey: null,
    durationSeconds: 12,
    width: 720,
    height: 1280,
    products: [],
    displayTargets: ['WEB_PDP'],
    isPrivate: false,
    createdAt: at,
    updatedAt: at,
  });
}
