import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  POPCLIP_VALIDATION_MESSAGES as M,
  POPCLIP_TOASTS as T,
  VIDEO_MAX_BYTES,
} from '@popstage/core/popclips';
import type { PopclipRow } from '../../db/schema';
import { defineJob, type JobContext } from '../../jobs/job';
import {
  jobWorkDir,
  MediaRejectedError,
  PROCESSING_FAILED,
  processVideo,
} from '../../platform/media';
import { SocialImportError } from '../../platform/social/port';
import { queueProductClipCounts } from '../shop';
import { queueFeaturedBubbleIfFeatured } from '../storefront';
import { clipFolder, derivedKeys, renditionKey } from './media-keys';
import { findPopclipById, updatePopclip } from './store';

export const PROCESS_CLIP_JOB = 'popclips.process-clip';
export const PROCESS_CLIP_FAILED_JOB = 'popclips.process-clip.failed';

export interface ProcessClipData {
  clipId: string;
  /** Imports: the post's video, resolved when the import was asked for. */
  videoUrl?: string;
}

/** The clip was deleted while the job ran: what it uploaded is removed and it stops. */
class ClipGoneError extends Error {}

/**
 * Processes one clip: (imports: fetch the post's video into the store), download the original to
 * a temporary directory, make the first playable MP4 and upload it at once (the clip plays from
 * then on), then the rendition ladder, thumbnail, GIF, loop and WebP poster, then 'processed'. Input that is not a video
 * fails the clip with the reason; other errors are retried with backoff, and once retries are
 * exhausted the dead-letter job fails it. Every step overwrites the same keys, so a worker killed
 * mid-job leaves the clip 'processing' and the next attempt (pg-boss expiry) finishes it.
 */
export async function processClip(data: ProcessClipData, ctx: JobContext): Promise<void> {
  const db = ctx.database.db;
  const row = await findPopclipById(db, data.clipId);
  if (row?.status !== 'processing') return;
  // Under DATA_DIR (not a shared temp directory), swept at start when its owner died.
  const work = jobWorkDir(ctx.config.DATA_DIR, row.id);
  const keys = derivedKeys(clipFolder(row.shopId, row.metaIdentifier));
  const uploaded: string[] = [];
  const upload = async (key: string, file: string, contentType: string) => {
    const { size } = await stat(file);
    await ctx.media.putObject(key, createReadStream(file), { contentType, contentLength: size });
    uploaded.push(key);
  };
  try {
    await mkdir(work, { recursive: true });
    if (row.source !== 'device') await importOriginal(row, data, ctx);
    const input = path.join(work, 'original');
    const original = await ctx.media.getObject(row.originalKey);
    if (!original) throw new MediaRejectedError(M.videoRequired, 'original missing');
    await pipeline(original.body, createWriteStream(input));

    const result = await processVideo(input, path.join(work, 'out'), {
      onPlayable: async (playable, probe) => {
        await upload(keys.playable, playable.path, 'video/mp4');
        const now = ctx.clock.now();
        const marked = await updatePopclip(
          db,
          row.id,
          {
            playableKey: keys.playable,
            playableAt: now,
            width: playable.width,
            height: playable.height,
            durationSeconds: probe.durationSeconds,
            updatedAt: now,
          },
          'processing',
        );
        if (!marked) throw new ClipGoneError();
      },
    });
    const renditions = await Promise.all(
      result.renditions.map(async (file) => {
        const key = renditionKey(keys.folder, path.basename(file.path));
        if (file.path !== result.playable.path) await upload(key, file.path, 'video/mp4');
        return { key, width: file.width, height: file.height, bitsPerSecond: file.bitsPerSecond };
      }),
    );
    await upload(keys.thumbnail, result.thumbnail, 'image/jpeg');
    await upload(keys.preview, result.preview, 'image/gif');
    await upload(keys.loop, result.loop, 'video/mp4');
    await upload(keys.poster, result.poster, 'image/webp');
    const now = ctx.clock.now();
    const done = await updatePopclip(
      db,
      row.id,
      {
        status: 'processed',
        thumbnailKey: keys.thumbnail,
        previewKey: keys.preview,
        renditions,
        loopKey: keys.loop,
        posterKey: keys.poster,
        processedAt: now,
        updatedAt: now,
        failureReason: null,
      },
      'processing',
    );
    if (!done) throw new ClipGoneError();
  } catch (error) {
    if (error instanceof ClipGoneError || !(await findPopclipById(db, row.id))) {
      await ctx.media.deleteObjects(uploaded).catch(() => {});
      return;
    }
    const reason = rejectionReason(error);
    if (reason === null) throw error; // retried with backoff
    await markFailed(ctx, row.id, reason);
    return;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  // Processed: its products' pages show it now (the theme reserves their row by this count), and
  // the theme draws its loop when it is the featured clip.
  await queueProductClipCounts(ctx, row.shopId);
  await queueFeaturedBubbleIfFeatured(ctx, row.shopId, row.metaIdentifier);
}

/** The post's video into the original's key, unless an earlier attempt stored it already. */
async function importOriginal(row: PopclipRow, data: ProcessClipData, ctx: JobContext) {
  if (await ctx.media.headObject(row.originalKey)) return;
  if (!data.videoUrl) throw new MediaRejectedError(T.importUploadFailed, 'no video URL');
  await ctx.social.download(data.videoUrl, {
    store: ctx.media,
    key: row.originalKey,
    maxBytes: VIDEO_MAX_BYTES,
  });
}

/** The merchant's reason for errors not worth retrying; null for the rest. */
function rejectionReason(error: unknown): string | null {
  if (error instanceof MediaRejectedError) return error.reason;
  if (error instanceof SocialImportError) {
    if (error.failure === 'not_found') return T.importUploadFailed;
    if (error.failure === 'too_large') return M.videoTooLarge;
  }
  return null;
}

async function markFailed(ctx: JobContext, clipId: string, reason: string) {
  const now = ctx.clock.now();
  await updatePopclip(
    ctx.database.db,
    clipId,
    { status: 'failed', failureReason: reason, updatedAt: now },
    'processing',
  );
}

/** Retries exhausted: the clip fails with a reason; the original is kept. */
export async function processClipExhausted(data: ProcessClipData, ctx: JobContext) {
  const row = await findPopclipById(ctx.database.db, data.clipId);
  if (row?.status !== 'processing') return;
  const imported = row.source !== 'device' && !(await ctx.media.headObject(row.originalKey));
  await markFailed(ctx, row.id, imported ? T.importFailed : PROCESSING_FAILED);
}

export const processClipFailedJob = defineJob<ProcessClipData>({
  name: PROCESS_CLIP_FAILED_JOB,
  handler: processClipExhausted,
  retryLimit: 5,
});

export const processClipJob = defineJob<ProcessClipData>({
  name: PROCESS_CLIP_JOB,
  handler: processClip,
  retryLimit: 3,
  // A killed worker stops its heartbeat: the job is retried within HEARTBEAT + the supervise
  // interval (queue.ts), not after the expiry, which only bounds a run that hangs.
  heartbeatSeconds: 10,
  // Two clips at once per worker, one per shop (sent with the shop as group, queueProcessing):
  // a shop's 5-minute transcode no longer delays another shop's 3-second clip (issue 14).
  concurrency: { local: 2, perGroup: 1 },
  expireInSeconds: 60 * 60,
  deadLetter: PROCESS_CLIP_FAILED_JOB,
});
