import { hasPopclipsCapability } from '@popstage/core/billing';
import {
  CAROUSEL_SERVER_MESSAGES as C,
  type Carousel,
  type CarouselCreateBody,
  type CarouselEmbed,
  type CarouselType,
  type CarouselUpdateBody,
  POPCLIP_SERVER_MESSAGES as S,
  UPGRADE_BUTTON_PRICE_TEXT,
} from '@popstage/core/popclips';
import type { CarouselRow, ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors';
import { storeEvent } from '../onboarding/store';
import { popclipsLevel } from '../popclips/context';
import { findPopclipsByMetaIds } from '../popclips/store';
import { ensureShop } from '../shop/service';
import {
  deleteCarousel,
  findCarousel,
  insertCarousel,
  listCarousels,
  updateCarousel,
} from './store';
import { toCarouselEmbed, toCarouselWire } from './wire';

/** Carousels (spec 02 §2, §5, §7). The tenant is the session's shop; customer_id must match. */

export type CarouselDeps = Pick<AppDeps, 'database' | 'platform' | 'clock'>;

/** customer_id / customerId, when sent, must be the session's shop (403 otherwise). */
async function carouselShop(
  deps: CarouselDeps,
  shopDomain: string,
  customerId: string | undefined,
): Promise<ShopRow> {
  if (customerId !== undefined && customerId.trim() !== shopDomain) {
    throw forbidden(S.notYourShop);
  }
  return ensureShop(deps, shopDomain);
}

async function requireCarousel(deps: CarouselDeps, shop: ShopRow, id: string) {
  const row = await findCarousel(deps.database.db, shop.id, id.trim());
  if (!row) throw notFound(C.carouselNotFound);
  return row;
}

/** Custom carousels need the basic level, collection carousels the premium level (spec 02 §6). */
async function assertPlanAllows(deps: CarouselDeps, shop: ShopRow, type: CarouselType) {
  const level = await popclipsLevel(deps, shop);
  const capability = type === 'collection' ? 'collectionCarousels' : 'customCarousels';
  if (hasPopclipsCapability(level, capability)) return;
  throw new HttpError(403, type === 'collection' ? C.premiumRequired : C.planRequired, {
    reason: 'plan',
    upgrade: {
      variant: type === 'collection' ? 'categoryCarousels' : 'default',
      price: UPGRADE_BUTTON_PRICE_TEXT,
    },
  });
}

/** Every id must be one of the shop's clips; another shop's clip is "not found". */
async function assertOwnClips(deps: CarouselDeps, shop: ShopRow, ids: string[]) {
  if (ids.length === 0) return;
  const rows = await findPopclipsByMetaIds(deps.database.db, shop.id, ids);
  if (rows.length !== ids.length) throw badRequest(C.clipNotFound);
}

interface CarouselContent {
  typeIds: string[];
  /** The order to store, or undefined to keep the stored one. */
  sorted: string[] | undefined;
}

/** Checks the ids of the body against the shop's clips or store and answers what to store. */
async function checkContent(
  deps: CarouselDeps,
  shop: ShopRow,
  body: Pick<CarouselCreateBody, 'carousel_type' | 'carousel_type_ids' | 'sorted_popclips_ids'>,
): Promise<CarouselContent> {
  const typeIds = body.carousel_type_ids;
  const sorted = body.sorted_popclips_ids;
  if (body.carousel_type === 'custom') {
    await assertOwnClips(deps, shop, typeIds);
    if (sorted?.some((id) => !typeIds.includes(id))) throw badRequest(C.clipNotFound);
    const ordered = sorted ?? [];
    return { typeIds, sorted: [...ordered, ...typeIds.filter((id) => !ordered.includes(id))] };
  }
  const [collectionId = ''] = typeIds;
  const collection = await deps.platform.getCollection(shop.shopifyDomain, collectionId);
  if (!collection) throw badRequest(C.collectionNotFound);
  if (sorted) await assertOwnClips(deps, shop, sorted);
  return { typeIds: [collection.id], sorted };
}

/** The get-started step 4 is stored when a carousel of the shop is first published. */
async function markPublished(deps: CarouselDeps, shop: ShopRow, row: CarouselRow) {
  if (!row.isPublished) return;
  await storeEvent(
    deps.database.db,
    shop.id,
    'STEP_PUBLISH_YOUR_FIRST_POPCLIP_CAROUSEL',
    deps.clock.now(),
  );
}

export async function listShopCarousels(
  deps: CarouselDeps,
  shopDomain: string,
  customerId: string | undefined,
): Promise<{ data: Carousel[] }> {
  const shop = await carouselShop(deps, shopDomain, customerId);
  const rows = await listCarousels(deps.database.db, shop.id);
  return { data: rows.map((row) => toCarouselWire(row, shop.shopifyDomain)) };
}

export async function getCarousel(
  deps: CarouselDeps,
  shopDomain: string,
  id: string,
): Promise<{ data: Carousel }> {
  const shop = await carouselShop(deps, shopDomain, undefined);
  const row = await requireCarousel(deps, shop, id);
  return { data: toCarouselWire(row, shop.shopifyDomain) };
}

export async function createCarousel(
  deps: CarouselDeps,
  shopDomain: string,
  body: CarouselCreateBody,
): Promise<{ data: Carousel }> {
  const shop = await carouselShop(deps, shopDomain, body.customer_id);
  await assertPlanAllows(deps, shop, body.carousel_type);
  const content = await checkContent(deps, shop, body);
  const now = deps.clock.now();
  const published = body.is_published ?? false;
  const row = await insertCarousel(deps.database.db, {
    shopId: shop.id,
    title: body.carousel_title,
    type: body.carousel_type,
    typeIds: content.typeIds,
    sortedPopclipsIds: content.sorted ?? [],
    isPublished: published,
    publishedAt: published ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  await markPublished(deps, shop, row);
  return { data: toCarouselWire(row, shop.shopifyDomain) };
}

export async function editCarousel(
  deps: CarouselDeps,
  shopDomain: string,
  body: CarouselUpdateBody,
): Promise<{ data: Carousel }> {
  const shop = await carouselShop(deps, shopDomain, body.customer_id);
  const existing = await requireCarousel(deps, shop, body.carousel_id);
  if (body.carousel_type !== existing.type) throw badRequest(C.typeChange);
  await assertPlanAllows(deps, shop, existing.type);
  const content = await checkContent(deps, shop, body);
  // Switching collection clears the stored sort order (spec 02 §2), whatever the body sends.
  const switched = existing.type === 'collection' && content.typeIds[0] !== existing.typeIds[0];
  const sorted = switched ? [] : (content.sorted ?? existing.sortedPopclipsIds);
  const now = deps.clock.now();
  const published = body.is_published ?? existing.isPublished;
  const row = await updateCarousel(deps.database.db, shop.id, existing.id, {
    title: body.carousel_title,
    typeIds: content.typeIds,
    sortedPopclipsIds: sorted,
    ...publishedPatch(existing, published, now),
    updatedAt: now,
  });
  if (!row) throw notFound(C.carouselNotFound);
  await markPublished(deps, shop, row);
  return { data: toCarouselWire(row, shop.shopifyDomain) };
}

export async function publishCarousel(
  deps: CarouselDeps,
  shopDomain: string,
  id: string,
  body: { customer_id: string; is_published: boolean },
): Promise<{ data: Carousel }> {
  const shop = await carouselShop(deps, shopDomain, body.customer_id);
  const existing = await requireCarousel(deps, shop, id);
  await assertPlanAllows(deps, shop, existing.type);
  if (existing.isPublished === body.is_published) {
    return { data: toCarouselWire(existing, shop.shopifyDomain) };
  }
  const now = deps.clock.now();
  const row = await updateCarousel(deps.database.db, shop.id, existing.id, {
    ...publishedPatch(existing, body.is_published, now),
    updatedAt: now,
  });
  if (!row) throw notFound(C.carouselNotFound);
  await markPublished(deps, shop, row);
  return { data: toCarouselWire(row, shop.shopifyDomain) };
}

function publishedPatch(existing: CarouselRow, published: boolean, now: Date) {
  if (published === existing.isPublished) return {};
  return { isPublished: published, publishedAt: published ? now : null };
}

export async function carouselEmbed(
  deps: CarouselDeps,
  shopDomain: string,
  id: string,
): Promise<{ data: CarouselEmbed }> {
  const shop = await carouselShop(deps, shopDomain, undefined);
  return { data: toCarouselEmbed(await requireCarousel(deps, shop, id)) };
}

export async function removeCarousel(
  deps: CarouselDeps,
  shopDomain: string,
  id: string,
  customerId: string | undefined,
): Promise<{ success: true; carousel_id: string }> {
  const shop = await carouselShop(deps, shopDomain, customerId);
  const row = await deleteCarousel(deps.database.db, shop.id, id.trim());
  if (!row) throw notFound(C.carouselNotFound);
  return { success: true, carousel_id: row.id };
}
