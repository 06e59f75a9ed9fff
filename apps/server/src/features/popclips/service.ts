import { randomBytes } from 'node:crypto';
import {
  type CsUpdateMediaBody,
  type CsUploadBody,
  creationBlockedMessage,
  featuredIdAfterSave,
  type Popclip,
  POPCLIP_TOASTS as T,
  VIDEO_MAX_BYTES,
} from '@popstage/core/popclips';
import type { PopclipRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { HttpError, notFound } from '../../http/errors';
import { planFacts, popclipsGating } from '../billing';
import { removeClipFromCarousels } from '../carousels';
import { clipCounts } from '../engagement';
import { storeEvent } from '../onboarding';
import {
  productPagesDiffer,
  queueProductClipCounts,
  showsOnProductPages,
} from './clip-counts-queue';
import { assertOwner, type ClipContext, clipContext } from './context';
import { clipFolder, customThumbnailKey, originalKey } from './media-keys';
import { PROCESS_CLIP_JOB, type ProcessClipData } from './processing-job';
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
import { decodeCursor, encodeCursor, toPopclipWire } from './wire';

/** Signed PUT URLs stay valid for an hour: long enough for 100 MB on a slow connection. */
export const UPLOAD_URL_SECONDS = 60 * 60;

export type PopclipDeps = Pick<
  AppDeps,
  'database' | 'platform' | 'media' | 'queue' | 'clock' | 'social' | 'catalogue'
>;

const newMetaIdentifier = () => randomBytes(10).toString('hex');

async function answer(deps: PopclipDeps, ctx: ClipContext, row: PopclipRow): Promise<Popclip> {
  const [clip] = await answerAll(deps, ctx, [row]);
  if (!clip) throw new Error('clip answer missing');
  return clip;
}

/** Clips as the admin reads them, with their real view and like counts (two queries in all). */
async function answerAll(
  deps: PopclipDeps,
  ctx: ClipContext,
  rows: PopclipRow[],
): Promise<Popclip[]> {
  const counts = await clipCounts(
    deps.database.db,
    ctx.shop.id,
    rows.map((row) => row.metaIdentifier),
  );
  return Promise.all(
    rows.map((row) => toPopclipWire(deps.media, row, ctx, counts.get(row.metaIdentifier))),
  );
}

export async function requireClip(
  deps: PopclipDeps,
  ctx: ClipContext,
  metaIdentifier: string,
): Promise<PopclipRow> {
  const row = await findPopclip(deps.database.db, ctx.shop.id, metaIdentifier.trim());
  if (!row) throw notFound(T.clipNotFound);
  return row;
}

/** Creating is blocked while the view limit applies (spec 02 §2): 403 with the modal text. */
export async function assertCanCreate(deps: PopclipDeps, ctx: ClipContext): Promise<void> {
  const plan = await planFacts(deps.database.db, deps.catalogue, ctx.shop);
  const gating = await popclipsGating(deps, { shop: ctx.shop, plan });
  const blocked = creationBlockedMessage(gating);
  if (blocked) throw new HttpError(403, blocked, { reason: 'view_limit' });
}

/** The featured clip follows the toggle (one per shop: the shop row holds it). */
async function applyFeatured(
  deps: PopclipDeps,
  ctx: ClipContext,
  metaIdentifier: string,
  featured: boolean,
) {
  const next = featuredIdAfterSave({
    currentFeaturedId: ctx.shop.featuredPopclipId,
    clipId: metaIdentifier,
    featured,
  });
  if (next !== ctx.shop.featuredPopclipId) {
    await setFeaturedPopclip(deps.database.db, ctx.shop.id, next);
    ctx.shop = { ...ctx.shop, featuredPopclipId: next };
  }
}

/** The get-started step is stored with the shop's first clip (spec 02 §7 "get-started status"). */
async function markFirstPopclip(deps: PopclipDeps, ctx: ClipContext): Promise<void> {
  await storeEvent(deps.database.db, ctx.shop.id, 'STEP_ADD_YOUR_FIRST_POPCLIP', deps.clock.now());
}

// ---- listing ---------------------------------------------------------------------------------

export async function listMedia(
  deps: PopclipDeps,
  shopDomain: string,
  body: { id: string; pageSize: number; lastEvaluatedKey?: string | null | undefined },
) {
  const ctx = await clipContext(deps, shopDomain);
  assertOwner(ctx, body.id);
  const after = body.lastEvaluatedKey ? decodeCursor(body.lastEvaluatedKey) : null;
  if (body.lastEvaluatedKey && !after) throw new HttpError(400, 'Invalid lastEvaluatedKey');
  const rows = await listPopclips(deps.database.db, ctx.shop.id, {
    limit: body.pageSize + 1,
    after,
  });
  const page = rows.slice(0, body.pageSize);
  const last = page.at(-1);
  return {
    data: await answerAll(deps, ctx, page),
    lastEvaluatedKey: rows.length > body.pageSize && last ? encodeCursor(last) : null,
  };
}

export async function listMediaByMetaIds(
  deps: PopclipDeps,
  shopDomain: string,
  body: { metaIds: string[]; sellerId: string },
) {
  const ctx = await clipContext(deps, shopDomain);
  assertOwner(ctx, body.sellerId);
  const rows = await findPopclipsByMetaIds(deps.database.db, ctx.shop.id, body.metaIds);
  if (rows.length === 0) throw notFound(T.clipNotFound);
  return { data: await answerAll(deps, ctx, rows) };
}

// ---- upload ----------------------------------------------------------------------------------

/**
 * csUpload (device): the clip is stored as 'uploading' and signed PUT URLs are answered for the
 * video (at most 100 MB, the declared type and length) and the custom thumbnail (under 1 MB).
 * Imports go through importClip instead.
 */
export async function createUpload(deps: PopclipDeps, shopDomain: string, body: CsUploadBody) {
  const ctx = await clipContext(deps, shopDomain);
  if (body.metaData.clipSourceType !== 'device' || !body.fileMeta) {
    throw new HttpError(400, 'Use /api/media/csImport to import from Instagram or TikTok.');
  }
  await assertCanCreate(deps, ctx);
  const products = await resolveTaggedProducts(deps, ctx.shop, body.metaData.products);
  const metaIdentifier = newMetaIdentifier();
  const folder = clipFolder(ctx.shop.id, metaIdentifier);
  const video = body.fileMeta;
  const thumbnail = body.customThumbnailImage ?? null;
  const now = deps.clock.now();
  const row = await insertPopclip(deps.database.db, {
    shopId: ctx.shop.id,
    metaIdentifier,
    title: body.metaData.videoTitle,
    status: 'uploading',
    source: 'device',
    originalKey: originalKey(folder, body.fileName ?? null, video.type),
    originalContentType: video.type,
    originalDeclaredSize: video.size,
    customThumbnailKey: thumbnail ? customThumbnailKey(folder, thumbnail.type, 1) : null,
    customThumbnailContentType: thumbnail?.type ?? null,
    products,
    displayTargets: body.metaData.display,
    isPrivate: body.metaData.isPrivate,
    createdAt: now,
    updatedAt: now,
  });
  await applyFeatured(deps, ctx, metaIdentifier, body.metaData.featured);
  await markFirstPopclip(deps, ctx);
  const uploadFileUrl = await deps.media.createSignedUploadUrl(row.originalKey, {
    contentType: video.type,
    maxBytes: VIDEO_MAX_BYTES,
    contentLength: video.size,
    expiresIn: UPLOAD_URL_SECONDS,
  });
  const uploadCustomThumbnailUrl =
    thumbnail && row.customThumbnailKey
      ? await signThumbnailUpload(deps, row.customThumbnailKey, thumbnail)
      : null;
  return {
    uploadFileUrl: uploadFileUrl.url,
    uploadCustomThumbnailUrl: uploadCustomThumbnailUrl?.url ?? null,
    clip: await answer(deps, ctx, row),
  };
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
  shopDomain: string,
  metaIdentifier: string,
) {
  const ctx = await clipContext(deps, shopDomain);
  let row = await requireClip(deps, ctx, metaIdentifier);
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
      row = await requireClip(deps, ctx, metaIdentifier);
    }
  }
  if (row.pendingThumbnailKey) row = await swapPendingThumbnail(deps, row);
  return { clip: await answer(deps, ctx, row) };
}

export async function queueProcessing(deps: PopclipDeps, data: ProcessClipData, row: PopclipRow) {
  try {
    await deps.queue.send(PROCESS_CLIP_JOB, data);
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

/**
 * csUpdateMedia: title, products, display targets and the featured toggle. updateMedia: true
 * answers a signed PUT URL for a new custom thumbnail, swapped in by csUploadComplete.
 */
export async function updateMedia(deps: PopclipDeps, shopDomain: string, body: CsUpdateMediaBody) {
  const ctx = await clipContext(deps, shopDomain);
  const row = await requireClip(deps, ctx, body.metaIdentifier);
  assertOwner(ctx, body.id, [row.id]);
  const products = await resolveTaggedProducts(deps, ctx.shop, body.metaData.products);
  const thumbnail = body.updateMedia ? (body.customThumbnailImage ?? null) : null;
  const folder = clipFolder(ctx.shop.id, row.metaIdentifier);
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
  await applyFeatured(deps, ctx, row.metaIdentifier, body.metaData.featured);
  if (showsOnProductPages(row) && productPagesDiffer(row, updated)) {
    await queueProductClipCounts(deps, ctx.shop.id);
  }
  const upload =
    thumbnail && thumbnailKey ? await signThumbnailUpload(deps, thumbnailKey, thumbnail) : null;
  return { item: await answer(deps, ctx, updated), uploadCustomThumbnailUrl: upload?.url ?? null };
}

/** csDeleteMedia: the clip, its stored media, and the shop's featured id if it was this one. */
export async function deleteMedia(
  deps: PopclipDeps,
  shopDomain: string,
  body: { id: string; metaIdentifier: string },
) {
  const ctx = await clipContext(deps, shopDomain);
  const row = await requireClip(deps, ctx, body.metaIdentifier);
  assertOwner(ctx, body.id, [row.id]);
  const deleted = await deletePopclip(deps.database.db, row.id);
  if (!deleted) throw notFound(T.clipNotFound);
  await clearFeaturedIf(deps.database.db, ctx.shop.id, row.metaIdentifier);
  await removeClipFromCarousels(deps.database.db, ctx.shop.id, row.metaIdentifier);
  await deps.media.deleteObjects(clipObjectKeys(deleted));
  if (showsOnProductPages(deleted)) await queueProductClipCounts(deps, ctx.shop.id);
  return { success: true, metaIdentifier: row.metaIdentifier };
}

export function clipObjectKeys(row: PopclipRow): string[] {
  return [
    row.originalKey,
    row.playableKey,
    row.thumbnailKey,
    row.customThumbnailKey,
    row.pendingThumbnailKey,
    row.previewKey,
  ].filter((key): key is string => key !== null);
}

/** POST /api/shopify/shop/featured-popclip { popclip_id }: sets or clears the featured clip. */
export async function setFeatured(deps: PopclipDeps, shopDomain: string, popclipId: string | null) {
  const ctx = await clipContext(deps, shopDomain);
  if (popclipId !== null) await requireClip(deps, ctx, popclipId);
  await setFeaturedPopclip(deps.database.db, ctx.shop.id, popclipId?.trim() ?? null);
  return { success: true, data: { featuredPopclipId: popclipId?.trim() ?? null } };
}
