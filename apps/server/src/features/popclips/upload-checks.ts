import {
  POPCLIP_VALIDATION_MESSAGES as M,
  POPCLIP_SERVER_MESSAGES as S,
  THUMBNAIL_MAX_BYTES_EXCLUSIVE,
  VIDEO_MAX_BYTES,
} from '@popstage/core/popclips';
import type { PopclipRow } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { ObjectStore } from '../../platform/storage/port';
import { IMAGE_SNIFF_BYTES, isDeclaredImageType, readHead } from '../../platform/storage/sniff';

/**
 * The uploaded video is there, within 100 MB and the length announced at csUpload (S3 cannot cap
 * a presigned PUT, so this is where its size is enforced). A bad object is deleted; the clip
 * stays 'uploading'. Whether it is a video at all is ffprobe's call in the processing job.
 */
export async function checkUploadedVideo(media: ObjectStore, row: PopclipRow): Promise<void> {
  const info = await media.headObject(row.originalKey);
  if (!info || info.size === 0) throw new HttpError(400, M.videoRequired);
  if (info.size > VIDEO_MAX_BYTES) {
    await media.deleteObject(row.originalKey);
    throw new HttpError(413, M.videoTooLarge);
  }
  if (row.originalDeclaredSize !== null && info.size !== row.originalDeclaredSize) {
    await media.deleteObject(row.originalKey);
    throw new HttpError(400, S.videoIncomplete);
  }
}

/**
 * The custom thumbnail is there, under 1 MB, and its first bytes are the image type announced
 * (and signed into the upload URL). A bad object is deleted, then `onRejected` runs.
 */
export async function checkUploadedThumbnail(
  media: ObjectStore,
  key: string,
  declaredType: string | null,
  onRejected?: () => Promise<void>,
): Promise<void> {
  const reject = async (status: number, message: string, remove: boolean) => {
    if (remove) await media.deleteObject(key);
    await onRejected?.();
    throw new HttpError(status, message);
  };
  const info = await media.headObject(key);
  if (!info || info.size === 0) return reject(400, M.customThumbnailRequired, false);
  if (info.size >= THUMBNAIL_MAX_BYTES_EXCLUSIVE) return reject(413, M.thumbnailTooLarge, true);
  const head = await media.getObject(key, { range: { start: 0, end: IMAGE_SNIFF_BYTES - 1 } });
  const bytes = head ? await readHead(head.body) : Buffer.alloc(0);
  if (!declaredType || !isDeclaredImageType(bytes, declaredType)) {
    return reject(400, S.thumbnailType, true);
  }
}
