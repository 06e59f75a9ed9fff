import { hasPopclipsCapability, type PopclipsPlanLevel } from '@popstage/core/billing';
import { carouselOrder } from '@popstage/core/carousels';
import {
  DEFAULT_PLAYER_POSITION,
  type PlayerPosition,
  playerPositionSchema,
} from '@popstage/core/placement';
import type { PopclipsSettings } from '@popstage/core/settings';
import type { StorefrontPositions } from '@popstage/core/storefront';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type CarouselRow,
  carousels,
  type PopclipRow,
  popclips,
  type ShopRow,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { PlatformProduct } from '../../platform/port';
import { clipCounts } from '../analytics';
import { planFacts } from '../billing';
import { popclipsSettingsOf } from '../settings';
import { snapshotCollectionProducts, snapshotProducts } from './product-snapshot';

/** The most clips one feed carries (newest first). */
export const FEED_CLIPS_LIMIT = 200;
/** No platform: a shopper's request never waits on Shopify (product-snapshot.ts). */
export type StorefrontDeps = Pick<AppDeps, 'database' | 'media' | 'config' | 'clock' | 'catalogue'>;

/** Everything a feed or carousel answer is made of, before media URLs are signed. */
export interface StorefrontData {
  shop: ShopRow;
  level: PopclipsPlanLevel;
  settings: PopclipsSettings;
  /** Processed, public clips, newest first. */
  clips: PopclipRow[];
  /** Product facts by GID from the snapshot (draft, archived and unknown products are absent). */
  products: Map<string, PlatformProduct>;
  counts: Map<string, { views: number; likes: number }>;
}

export async function loadStorefrontData(
  deps: StorefrontDeps,
  shop: ShopRow,
): Promise<StorefrontData> {
  const db = deps.database.db;
  const [level, settings, clips] = await Promise.all([
    planFacts(db, deps.catalogue, shop).then((plan) => plan.popclipsLevel),
    popclipsSettingsOf(db, shop.id),
    db
      .select()
      .from(popclips)
      .where(
        and(
          eq(popclips.shopId, shop.id),
          eq(popclips.status, 'processed'),
          eq(popclips.isPrivate, false),
        ),
      )
      .orderBy(desc(popclips.createdAt), desc(popclips.id))
      .limit(FEED_CLIPS_LIMIT),
  ]);
  const productIds = [
    ...new Set(clips.flatMap((clip) => clip.products.map((p) => p.shopifyProductId))),
  ];
  const [platformProducts, counts] = await Promise.all([
    snapshotProducts(db, shop.id, productIds),
    clipCounts(
      db,
      shop.id,
      clips.map((clip) => clip.metaIdentifier),
    ),
  ]);
  const products = new Map(
    platformProducts
      .filter((product) => product.status === 'ACTIVE')
      .map((product) => [product.id, product]),
  );
  return { shop, level, settings, clips, products, counts };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The shop's carousel the player names, when published: the storefront reads the carousels it
 * serves itself (as publishedCarousels), so it needs nothing of the carousels area above it.
 */
export async function publishedCarousel(
  db: Db,
  shopId: string,
  id: string,
): Promise<CarouselRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(carousels)
    .where(
      and(eq(carousels.shopId, shopId), eq(carousels.id, id), eq(carousels.isPublished, true)),
    );
  return row;
}

export async function publishedCarousels(db: Db, shopId: string): Promise<CarouselRow[]> {
  return db
    .select()
    .from(carousels)
    .where(and(eq(carousels.shopId, shopId), eq(carousels.isPublished, true)))
    .orderBy(desc(carousels.createdAt), desc(carousels.id));
}

/**
 * The clips of a carousel in its order, of the given (processed, public) clips: a custom
 * carousel's stored order; a collection carousel's clips tagging a product of the collection (as
 * the snapshot has it), the merchant's order first and then newest first.
 */
export async function carouselClipIds(
  db: Db,
  shop: ShopRow,
  carousel: CarouselRow,
  clips: PopclipRow[],
): Promise<string[]> {
  const available = new Set(clips.map((clip) => clip.metaIdentifier));
  if (carousel.type === 'custom') {
    const ids =
      carousel.sortedPopclipsIds.length > 0 ? carousel.sortedPopclipsIds : carousel.typeIds;
    return [...new Set(ids)].filter((id) => available.has(id));
  }
  const [collectionId] = carousel.typeIds;
  if (!collectionId) return [];
  const inCollection = new Set((await snapshotCollectionProducts(db, shop.id, collectionId)) ?? []);
  const shown = clips
    .filter((clip) => clip.products.some((p) => inCollection.has(p.shopifyProductId)))
    .map((clip) => clip.metaIdentifier);
  return carouselOrder(carousel.sortedPopclipsIds, shown);
}

/** Placement keys (decisions: the Mobile tab stores *_mobile_web, Desktop *_mobile_app). */
export function storefrontPositions(shop: ShopRow, level: PopclipsPlanLevel): StorefrontPositions {
  const custom = hasPopclipsCapability(level, 'customPlacement');
  const read = (key: string, fallback: PlayerPosition): PlayerPosition => {
    if (!custom) return fallback;
    const parsed = playerPositionSchema.safeParse(shop.info[key]);
    return parsed.success ? parsed.data : fallback;
  };
  const { mobile, desktop } = DEFAULT_PLAYER_POSITION;
  return {
    featured: {
      mobile: read('featured_popclip_position_mobile_web', mobile),
      desktop: read('featured_popclip_position_mobile_app', desktop),
    },
    miniplayer: {
      mobile: read('miniplayer_position_mobile_web', mobile),
      desktop: read('miniplayer_position_mobile_app', desktop),
    },
  };
}
