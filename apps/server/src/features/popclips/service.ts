import { randomBytes } from 'node:crypto';
import {
  type CsUpdateMediaBody,
  type CsUploadBody,
  featuredIdAfterSave,
  POPCLIP_TOASTS as T,
  UPLOAD_URL_SECONDS,
  VIDEO_MAX_BYTES,
} from '@popstage/core/popclips';
import type { CarouselRow, PopclipRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { HttpError, notFound } from '../../http/errors';
import type { Tenant } from '../../tenant';
import { completeStep } from '../onboarding';
import { queueProductClipCounts } from '../shop';
import { queueFeaturedBubble } from '../storefront';
import { removeClipFromCarousels } from './carousel-removal-store';
import { assertOwner } from './context';
import { assertCanCreate } from './creation-limit';
import { clipFolder, customThumbnailKey, originalKey } from './media-keys';
import { PROCESS_CLIP_JOB, type ProcessClipData } from './processing-job';
import { productPagesDiffer, showsOnProductPages } from './product-pages';
import { resolveTaggedProducts } from './products';
import {
  clearFeaturedIf,
  deletePopclip,
  findPopclip,
  findPopclipsByMetaIds,
  insertPopclip,
  listPopclips,
  setFeaturedPopclip,
  updatePopclip,
} from './store';
import { checkUploadedThumbnail, checkUploadedVideo } from './upload-checks';
import { decodeCursor } from './wire';

/**
 * The media gallery (spec 02 §7). Every call acts for request.tenant and answers rows; the
 * routes turn them into the wire shape (wire.ts).
 */

export type PopclipDeps = Pick<
  AppDeps,
  'database' | 'platform' | 'media' | 'queue' | 'clock' | 'social'
>;

/** A clip a call saved, and the shop's featured clip as the call left it. */
export interface SavedClip {
  row: PopclipRow;
  featuredPopclipId: string | null;
}

const newMetaIdentifier = () => randomBytes(10).toString('hex');

export async function requireClip(
  deps: Pick<AppDeps, 'database'>,
  tenant: Pick<Tenant, 'shop'>,
  metaIdentifier: string,
): Promise<PopclipRow> {
  const row = await findPopclip(deps.database.db, tenant.shop.id, metaIdentifier.trim());
  if (!row) throw notFound(T.clipNotFound);
  return row;
}

/** The featured clip follows the toggle (one per shop: the shop row holds it); answers it. */
async function applyFeatured(
  deps: PopclipDeps,
  tenant: Tenant,
  metaIdentifier: string,
  featured: boolean,
): Promise<string | null> {
  const current = tenant.shop.featuredPopclipId;
  const next = featuredIdAfterSave({
    currentFeaturedId: current,
    clipId: metaIdentifier,
    featured,
  });
  if (next !== current) {
    await setFeaturedPopclip(deps.database.db, tenant.shop.id, next);
    // The theme's bubble follows (featured-bubble.ts in the storefront area).
    await queueFeaturedBubble(deps, { shopId: tenant.shop.id });
  }
  return next;
}

/** The get-started step is stored with the shop's first clip (spec 02 §7 "get-started status"). */
async function markFirstPopclip(deps: PopclipDeps, tenant: Tenant): Promise<void> {
  await completeStep(
    deps.database.db,
    tenant.shop.id,
    'STEP_ADD_YOUR_FIRST_POPCLIP',
    deps.clock.now(),
  );
}

// ---- listing ---------------------------------------------------------------------------------

/** A page of clips, newest first, and the last one when more follow (the next page's cursor). */
export interface ClipPage {
  rows: PopclipRow[];
  next: PopclipRow | null;
}

export async function listMedia(
  deps: PopclipDeps,
  tenant: Tenant,
  body: { id: string; pageSize: number; lastEvaluatedKey?: string | null | undefined },
): Promise<ClipPage> {
  assertOwner(tenant, body.id);
  const after = body.lastEvaluatedKey ? decodeCursor(body.lastEvaluatedKey) : null;
  if (body.lastEvaluatedKey && !after) throw new HttpError(400, 'Invalid lastEvaluatedKey');
  const rows = await listPopclips(deps.database.db, tenant.shop.id, {
    limit: body.pageSize + 1,
    after,
  });
  const page = rows.slice(0, body.pageSize);
  const last = page.at(-1);
  return { rows: page, next: rows.length > body.pageSize && last ? last : null };
}

export async function listMediaByMetaIds(
  deps: PopclipDeps,
  tenant: Tenant,
  body: { metaIds: string[]; sellerId: string },
): Promise<PopclipRow[]> {
  assertOwner(tenant, body.sellerId);
  const rows = await findPopclipsByMetaIds(deps.database.db, tenant.shop.id, body.metaIds);
  if (rows.length === 0) throw notFound(T.clipNotFound);
  return rows;
}

// ---- upload ----------------------------------------------------------------------------------

export interface CreatedUpload extends SavedClip {
  uploadFileUrl: string;
  uploadCustomThumbnailUrl: string | null;
}

/**
 * csUpload (device): the clip is stored as 'uploading' and signed PUT URLs are answered for the
 * video (at most 100 MB, the declared type and length) and the custom thumbnail (under 1 MB).
 * Imports go through importClip instead.
 */
export async function createUpload(
  deps: PopclipDeps,
  tenant: Tenant,
  body: CsUploadBody,
): Promise<CreatedUpload> {
  if (body.metaData.clipSourceType !== 'device' || !body.fileMeta) {
    throw new HttpError(400, 'Use /api/media/csImport to import from Instagram or TikTok.');
  }
  await assertCanCreate(deps, tenant);
  const products = await resolveTaggedProducts(deps, tenant.shop, body.metaData.products);
  const metaIdentifier = newMetaIdentifier();
  const folder = clipFolder(tenant.shop.id, metaIdentifier);
  const video = body.fileMeta;
  const thumbnail = body.customThumbnailImage ?? null;
  const now = deps.clock.now();
  const row = await insertPopclip(deps.database.db, {
    shopId: tenant.shop.id,
    metaIdentifier,
    title: body.metaData.videoTitle,
    status: 'uploading',
    source: 'device',
    originalKey: originalKey(folder, body.fileName ?? null, video.type),
    originalContentType: video.type,
    originalDeclaredSize: video.size,
    uploadExpiresAt: uploadExpiry(now),
    customThumbnailKey: thumbnail ? customThumbnailKey(folder, thumbnail.type, 1) : null,
    customThumbnailContentType: thumbnail?.type ?? null,
    products,
    displayTargets: body.metaData.display,
    isPrivate: body.metaData.isPrivate,
    createdAt: now,
    updatedAt: now,
  });
  const featuredPopclipId = await applyFeatured(
    deps,
    tenant,
    metaIdentifier,
    body.metaData.featured,
  );
  await markFirstPopclip(deps, tenant);
  const uploadFileUrl = await signVideoUpload(deps, row.originalKey, video);
  const uploadCustomThumbnailUrl =
    thumbnail && row.customThumbnailKey
      ? await signThumbnailUpload(deps, row.customThumbnailKey, thumbnail)
      : null;
  return {
    row,
    featuredPopclipId,
    uploadFileUrl: uploadFileUrl.url,
    uploadCustomThumbnailUrl: uploadCustomThumbnailUrl?.url ?? null,
  };
}

/** When a video PUT URL signed now expires. */
export const uploadExpiry = (now: Date) => new Date(now.getTime() + UPLOAD_URL_SECONDS * 1000);

/** A signed PUT URL for a clip's video, as the merchant's browser declared it. */
export function signVideoUpload(
  deps: PopclipDeps,
  key: string,
  video: { type: string; size: number },
) {
  return deps.media.createSignedUploadUrl(key, {
    contentType: video.type,
    maxBytes: VIDEO_MAX_BYTES,
    contentLength: video.size,
    expiresIn: UPLOAD_URL_SECONDS,
  });
}

function signThumbnailUpload(
  deps: PopclipDeps,
  key: string,
  thumbnail: { type: string; size: number },
) {
  return deps.media.createSignedUploadUrl(key, {
    contentType: thumbnail.type,
    // Under 1 MB: the largest accepted body is one byte less.
    maxBytes: 1024 * 1024 - 1,
    contentLength: thumbnail.size,
    expiresIn: UPLOAD_URL_SECONDS,
  });
}

/**
 * csUploadComplete: the admin's PUTs answered 200. The stored objects are checked (present, sizes,
 * the thumbnail's magic bytes) and processing is queued. A problem answers 4xx and leaves the clip
 * 'uploading', so the merchant can upload again. A pending replacement thumbnail (csUpdateMedia)
 * is checked and swapped in. Repeating the call changes nothing.
 */
export async function completeUpload(
  deps: PopclipDeps,
  tenant: Tenant,
  metaIdentifier: string,
): Promise<PopclipRow> {
  let row = await requireClip(deps, tenant, metaIdentifier);
  const db = deps.database.db;
  if (row.status === 'uploading') {
    await checkUploadedVideo(deps.media, row);
    if (row.customThumbnailKey) {
      await checkUploadedThumbnail(
        deps.media,
        row.customThumbnailKey,
        row.customThumbnailContentType,
      );
    }
    const processing = await updatePopclip(
      db,
      row.id,
      { status: 'processing', updatedAt: deps.clock.now() },
      'uploading',
    );
    if (processing) {
      row = processing;
      await queueProcessing(deps, { clipId: row.id }, row);
    } else {
      row = await requireClip(deps, tenant, metaIdentifier);
    }
  }
  if (row.pendingThumbnailKey) row = await swapPendingThumbnail(deps, row);
  return row;
}

export async function queueProcessing(deps: PopclipDeps, data: ProcessClipData, row: PopclipRow) {
  try {
    // The shop is the job's group: the worker runs one clip per shop at a time.
    await deps.queue.send(PROCESS_CLIP_JOB, data, { group: { id: row.shopId } });
  } catch (error) {
    // Not queued: back to where the merchant can try again.
    const device = row.source === 'device';
    await updatePopclip(
      deps.database.db,
      row.id,
      { status: device ? 'uploading' : 'failed', failureReason: device ? null : T.importFailed },
      'processing',
    );
    throw new HttpError(503, T.uploadFailed, { cause: String(error) });
  }
}

async function swapPendingThumbnail(deps: PopclipDeps, row: PopclipRow): Promise<PopclipRow> {
  const key = row.pendingThumbnailKey;
  if (!key) return row;
  await checkUploadedThumbnail(deps.media, key, row.pendingThumbnailContentType, async () => {
    await updatePopclip(deps.database.db, row.id, {
      pendingThumbnailKey: null,
      pendingThumbnailContentType: null,
    });
  });
  const previous = row.customThumbnailKey;
  const updated = await updatePopclip(deps.database.db, row.id, {
    customThumbnailKey: key,
    customThumbnailContentType: row.pendingThumbnailContentType,
    pendingThumbnailKey: null,
    pendingThumbnailContentType: null,
    updatedAt: deps.clock.now(),
  });
  if (previous && previous !== key) await deps.media.deleteObject(previous);
  return updated ?? row;
}

// ---- edit and delete ---------------------------------------------------------------------------

export interface UpdatedClip extends SavedClip {
  uploadCustomThumbnailUrl: string | null;
}

/**
 * csUpdateMedia: title, products, display targets and the featured toggle. updateMedia: true
 * answers a signed PUT URL for a new custom thumbnail, swapped in by csUploadComplete.
 */
export async function updateMedia(
  deps: PopclipDeps,
  tenant: Tenant,
  body: CsUpdateMediaBody,
): Promise<UpdatedClip> {
  const row = await requireClip(deps, tenant, body.metaIdentifier);
  assertOwner(tenant, body.id, [row.id]);
  const products = await resolveTaggedProducts(deps, tenant.shop, body.metaData.products);
  const thumbnail = body.updateMedia ? (body.customThumbnailImage ?? null) : null;
  const folder = clipFolder(tenant.shop.id, row.metaIdentifier);
  const version = Math.floor(deps.clock.now().getTime() / 1000);
  const thumbnailKey = thumbnail ? customThumbnailKey(folder, thumbnail.type, version) : null;
  // While uploading, the new thumbnail simply replaces the announced one.
  const thumbnailPatch =
    thumbnail && thumbnailKey
      ? row.status === 'uploading'
        ? { customThumbnailKey: thumbnailKey, customThumbnailContentType: thumbnail.type }
        : { pendingThumbnailKey: thumbnailKey, pendingThumbnailContentType: thumbnail.type }
      : {};
  const updated = await updatePopclip(deps.database.db, row.id, {
    title: body.metaData.videoTitle,
    products,
    displayTargets: body.metaData.display,
    updatedAt: deps.clock.now(),
    ...thumbnailPatch,
  });
  if (!updated) throw notFound(T.clipNotFound);
  if (row.status === 'uploading' && thumbnailKey && row.customThumbnailKey) {
    await deps.media.deleteObject(row.customThumbnailKey);
  }
  const featuredPopclipId = await applyFeatured(
    deps,
    tenant,
    row.metaIdentifier,
    body.metaData.featured,
  );
  if (showsOnProductPages(row) && productPagesDiffer(row, updated)) {
    await queueProductClipCounts(deps, tenant.shop.id);
  }
  // The featured bubble the theme renders shows the featured clip's title.
  if (tenant.shop.featuredPopclipId === row.metaIdentifier) {
    await queueFeaturedBubble(deps, { shopId: tenant.shop.id });
  }
  const upload =
    thumbnail && thumbnailKey ? await signThumbnailUpload(deps, thumbnailKey, thumbnail) : null;
  return { row: updated, featuredPopclipId, uploadCustomThumbnailUrl: upload?.url ?? null };
}

/** csDeleteMedia: the clip, its stored media, and the shop's featured id if it was this one. */
export async function deleteMedia(
  deps: PopclipDeps,
  tenant: Tenant,
  body: { id: string; metaIdentifier: string },
): Promise<{ row: PopclipRow; unpublished: CarouselRow[] }> {
  const row = await requireClip(deps, tenant, body.metaIdentifier);
  assertOwner(tenant, body.id, [row.id]);
  const deleted = await deletePopclip(deps.database.db, row.id);
  if (!deleted) throw notFound(T.clipNotFound);
  await clearFeaturedIf(deps.database.db, tenant.shop.id, row.metaIdentifier);
  if (tenant.shop.featuredPopclipId === row.metaIdentifier) {
    await queueFeaturedBubble(deps, { shopId: tenant.shop.id });
  }
  const unpublished = await removeClipFromCarousels(
    deps.database.db,
    tenant.shop.id,
    row.metaIdentifier,
  );
  await deps.media.deleteObjects(clipObjectKeys(deleted));
  if (showsOnProductPages(deleted)) await queueProductClipCounts(deps, tenant.shop.id);
  return { row: deleted, unpublished };
}

export function clipObjectKeys(row: PopclipRow): string[] {
  return [
    row.originalKey,
    row.playableKey,
    row.thumbnailKey,
    row.customThumbnailKey,
    row.pendingThumbnailKey,
    row.previewKey,
    row.loopKey,
    row.posterKey,
    ...row.renditions.map((rendition) => rendition.key),
    ...row.captions.map((caption) => caption.key),
  ].filter((key): key is string => key !== null);
}

/** POST /api/shopify/shop/featured-popclip { popclip_id }: sets or clears; answers the id set. */
export async function setFeatured(
  deps: PopclipDeps,
  tenant: Tenant,
  popclipId: string | null,
): Promise<string | null> {
  if (popclipId !== null) await requireClip(deps, tenant, popclipId);
  const featured = popclipId?.trim() ?? null;
  await setFeaturedPopclip(deps.database.db, tenant.shop.id, featured);
  // The theme's bubble follows (featured-bubble.ts in the storefront area).
  if (featured !== tenant.shop.featuredPopclipId) {
    await queueFeaturedBubble(deps, { shopId: tenant.shop.id });
  }
  return featured;
}
