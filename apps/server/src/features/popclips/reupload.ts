import {
  type CsReuploadBody,
  canReupload,
  POPCLIP_SERVER_MESSAGES as S,
} from '@popstage/core/popclips';
import type { PopclipRow } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Tenant } from '../../tenant';
import { clipFolder, originalKey } from './media-keys';
import {
  clipObjectKeys,
  type PopclipDeps,
  requireClip,
  signVideoUpload,
  uploadExpiry,
} from './service';
import { updatePopclip } from './store';

/**
 * csReupload: a failed, interrupted or unfinished clip gets a new video. The clip goes back to
 * 'uploading' under a new original key (a signed URL is single-use, so the old key cannot take a
 * second PUT), everything made from the old video is deleted, and the answer carries the new
 * PUT URL; csUploadComplete then queues processing as after csUpload. Title, products, featured
 * flag and custom thumbnail stay.
 */
export async function reuploadVideo(
  deps: PopclipDeps,
  tenant: Tenant,
  body: CsReuploadBody,
): Promise<{ row: PopclipRow; uploadFileUrl: string }> {
  const row = await requireClip(deps, tenant, body.metaIdentifier);
  if (!canReupload(row.status)) throw new HttpError(409, S.cannotReupload);
  const now = deps.clock.now();
  const folder = clipFolder(tenant.shop.id, row.metaIdentifier);
  const version = `${Math.floor(now.getTime() / 1000)}-${body.fileName}`;
  const key = originalKey(folder, version, body.fileMeta.type);
  const updated = await updatePopclip(
    deps.database.db,
    row.id,
    {
      status: 'uploading',
      failureReason: null,
      source: 'device',
      sourceUrl: null,
      originalKey: key,
      originalContentType: body.fileMeta.type,
      originalDeclaredSize: body.fileMeta.size,
      uploadExpiresAt: uploadExpiry(now),
      playableKey: null,
      thumbnailKey: null,
      previewKey: null,
      durationSeconds: null,
      width: null,
      height: null,
      processedAt: null,
      playableAt: null,
      updatedAt: now,
    },
    // Only from the state read: a concurrent completion or retry wins and this one is refused.
    row.status,
  );
  if (!updated) throw new HttpError(409, S.cannotReupload);
  const previous = clipObjectKeys(row).filter(
    (old) => old !== row.customThumbnailKey && old !== row.pendingThumbnailKey,
  );
  await deps.media.deleteObjects(previous);
  const upload = await signVideoUpload(deps, key, body.fileMeta);
  return { row: updated, uploadFileUrl: upload.url };
}
