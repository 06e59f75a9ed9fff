import { hasPopclipsCapability } from '@popstage/core/billing';
import {
  CAROUSEL_MAX_CLIPS,
  type CarouselCreateBody,
  type CarouselType,
  type CarouselUpdateBody,
} from '@popstage/core/carousels';
import {
  CAROUSEL_SERVER_MESSAGES as C,
  POPCLIP_EMPTY_MESSAGES as E,
  isUsableClip,
  POPCLIP_VALIDATION_MESSAGES as M,
  MIN_CAROUSEL_CLIPS,
  POPCLIP_SERVER_MESSAGES as S,
  upgradeOffer,
} from '@popstage/core/popclips';
import type { CarouselRow, ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors';
import type { Tenant } from '../../tenant';
import { completeStep } from '../onboarding';
import { clipsByMetaIds, usableClipsProducts } from '../popclips';
import { refreshCollectionSnapshot } from '../storefront';
import {
  deleteCarousel,
  findCarousel,
  insertCarousel,
  listCarousels as listShopCarousels,
  updateCarousel,
} from './store';

/** Carousels (spec 02 §2, §5, §7). The tenant is the session's shop; customer_id must match. */

export type CarouselDeps = Pick<AppDeps, 'database' | 'platform' | 'clock'>;

/** customer_id / customerId, when sent, must be the session's shop (403 otherwise). */
export function assertCustomer(tenant: Tenant, customerId: string | undefined): void {
  if (customerId !== undefined && customerId.trim() !== tenant.shop.shopifyDomain) {
    throw forbidden(S.notYourShop);
  }
}

async function requireCarousel(deps: CarouselDeps, shop: ShopRow, id: string) {
  const row = await findCarousel(deps.database.db, shop.id, id.trim());
  if (!row) throw notFound(C.carouselNotFound);
  return row;
}

/** Custom carousels need the basic level, collection carousels the premium level (spec 02 §6). */
function assertPlanAllows(tenant: Tenant, type: CarouselType) {
  const level = tenant.plan.popclipsLevel;
  const capability = type === 'collection' ? 'collectionCarousels' : 'customCarousels';
  if (hasPopclipsCapability(level, capability)) return;
  throw new HttpError(403, type === 'collection' ? C.premiumRequired : C.planRequired, {
    reason: 'plan',
    upgrade: {
      variant: type === 'collection' ? 'categoryCarousels' : 'default',
      price: upgradeOffer(type === 'collection' ? 'categoryCarousels' : 'default').priceText,
    },
  });
}

/**
 * Every id must be one of the shop's clips (another shop's clip is "not found") with a video: an
 * interrupted upload is refused.
 */
async function assertOwnClips(deps: CarouselDeps, shop: ShopRow, ids: string[]) {
  if (ids.length === 0) return;
  const rows = await clipsByMetaIds(deps.database.db, shop.id, ids);
  if (rows.length !== ids.length) throw badRequest(C.clipNotFound);
  if (rows.some((row) => !isUsableClip(row.status))) throw badRequest(S.clipInterrupted);
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
  // Spec 02 §8: a collection none of whose products is in a Popclip would show nothing.
  if ((await clipIdsOfCollection(deps, shop, collection.id)).length === 0) {
    throw badRequest(E.noPopclipInCollection);
  }
  if (sorted) await assertOwnClips(deps, shop, sorted);
  return { typeIds: [collection.id], sorted };
}

/** The shop's usable clips tagging a product of the collection, newest first. */
async function clipIdsOfCollection(
  deps: CarouselDeps,
  shop: ShopRow,
  collectionId: string,
): Promise<string[]> {
  const clips = await usableClipsProducts(deps.database.db, shop.id);
  const tagged = [...new Set(clips.flatMap((clip) => clip.productIds))];
  if (tagged.length === 0) return [];
  const inside = new Set(
    await deps.platform.productsInCollection(shop.shopifyDomain, collectionId, tagged),
  );
  return clips
    .filter((clip) => clip.productIds.some((id) => inside.has(id)))
    .map((clip) => clip.metaIdentifier);
}

/**
 * The Popclips a collection carousel of this collection shows (the form's preview, which the
 * merchant orders): 400 'Collection not found.' for a collection the store does not have.
 */
export async function collectionCarouselClips(
  deps: CarouselDeps,
  tenant: Tenant,
  collectionId: string,
): Promise<string[]> {
  const collection = await deps.platform.getCollection(tenant.shop.shopifyDomain, collectionId);
  if (!collection) throw badRequest(C.collectionNotFound);
  // The order the merchant can store holds at most this many (sorted_popclips_ids).
  return (await clipIdsOfCollection(deps, tenant.shop, collection.id)).slice(0, CAROUSEL_MAX_CLIPS);
}

/**
 * A published carousel: the get-started step 4 is stored (the first time), and a collection
 * carousel's collection is copied into the storefront's snapshot now, so the storefront shows its
 * clips without asking Shopify.
 */
async function markPublished(deps: CarouselDeps, shop: ShopRow, row: CarouselRow) {
  if (!row.isPublished) return;
  const [collectionId] = row.typeIds;
  if (row.type === 'collection' && collectionId) {
    await refreshCollectionSnapshot(deps, shop, collectionId);
  }
  await completeStep(
    deps.database.db,
    shop.id,
    'STEP_PUBLISH_YOUR_FIRST_POPCLIP_CAROUSEL',
    deps.clock.now(),
  );
}

export function listCarousels(deps: CarouselDeps, tenant: Tenant): Promise<CarouselRow[]> {
  return listShopCarousels(deps.database.db, tenant.shop.id);
}

export function getCarousel(deps: CarouselDeps, tenant: Tenant, id: string): Promise<CarouselRow> {
  return requireCarousel(deps, tenant.shop, id);
}

export async function createCarousel(
  deps: CarouselDeps,
  tenant: Tenant,
  body: CarouselCreateBody,
): Promise<CarouselRow> {
  const { shop } = tenant;
  assertPlanAllows(tenant, body.carousel_type);
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
  return row;
}

export async function editCarousel(
  deps: CarouselDeps,
  tenant: Tenant,
  body: CarouselUpdateBody,
): Promise<CarouselRow> {
  const { shop } = tenant;
  const existing = await requireCarousel(deps, shop, body.carousel_id);
  if (body.carousel_type !== existing.type) throw badRequest(C.typeChange);
  assertPlanAllows(tenant, existing.type);
  const content = await checkContent(deps, shop, body);
  // Switching collection clears the stored sort order (spec 02 §2): the old collection's order
  // never carries over; an order sent with the switch is the new collection's, set after it.
  const switched = existing.type === 'collection' && content.typeIds[0] !== existing.typeIds[0];
  const sorted = content.sorted ?? (switched ? [] : existing.sortedPopclipsIds);
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
  return row;
}

export async function publishCarousel(
  deps: CarouselDeps,
  tenant: Tenant,
  id: string,
  published: boolean,
): Promise<CarouselRow> {
  const { shop } = tenant;
  const existing = await requireCarousel(deps, shop, id);
  assertPlanAllows(tenant, existing.type);
  if (existing.isPublished === published) return existing;
  // One unpublished by a clip's delete stays a draft until it has 3 clips again.
  if (published && existing.type === 'custom' && existing.typeIds.length < MIN_CAROUSEL_CLIPS) {
    throw badRequest(M.carouselTooFewClips);
  }
  const now = deps.clock.now();
  const row = await updateCarousel(deps.database.db, shop.id, existing.id, {
    ...publishedPatch(existing, published, now),
    updatedAt: now,
  });
  if (!row) throw notFound(C.carouselNotFound);
  await markPublished(deps, shop, row);
  return row;
}

function publishedPatch(existing: CarouselRow, published: boolean, now: Date) {
  if (published === existing.isPublished) return {};
  return { isPublished: published, publishedAt: published ? now : null };
}

export function carouselEmbed(
  deps: CarouselDeps,
  tenant: Tenant,
  id: string,
): Promise<CarouselRow> {
  return requireCarousel(deps, tenant.shop, id);
}

export async function removeCarousel(
  deps: CarouselDeps,
  tenant: Tenant,
  id: string,
): Promise<CarouselRow> {
  const row = await deleteCarousel(deps.database.db, tenant.shop.id, id.trim());
  if (!row) throw notFound(C.carouselNotFound);
  return row;
}
