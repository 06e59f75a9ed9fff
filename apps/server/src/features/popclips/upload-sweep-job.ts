import {
  INTERRUPTED_CLIP_RETENTION_HOURS,
  POPCLIP_SERVER_MESSAGES as S,
  UPLOAD_GRACE_SECONDS,
  UPLOAD_URL_SECONDS,
} from '@popstage/core/popclips';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { popclips } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { defineJob } from '../../jobs/job';
import type { LocalObjectStore } from '../../platform/storage/local-store';
import { removeClipFromCarousels } from './carousel-removal-store';
import { clipObjectKeys } from './service';
import { clearFeaturedIf } from './store';

/**
 * Abandoned uploads (issue 14): a clip still 'uploading' UPLOAD_GRACE_SECONDS after its PUT URL
 * expired becomes 'interrupted' (the admin offers to upload again); one left interrupted for
 * INTERRUPTED_CLIP_RETENTION_HOURS is deleted with its objects. Every 5 minutes, so a clip is
 * marked at most 5 minutes late. On local disk the run also removes partial uploads a killed
 * process left in the store's temp folder (issue 28: before, only a web restart did).
 */
export const UPLOAD_SWEEP_JOB = 'popclips.sweep-uploads';
export const UPLOAD_SWEEP_SCHEDULE = '*/5 * * * *';
/** Clips deleted per run; a backlog goes on the next runs. */
const DELETE_BATCH = 200;

const seconds = (s: number) => s * 1000;

/**
 * Marks overdue uploads 'interrupted'; answers how many. Rows from before upload_expires_at
 * existed count from their creation.
 */
export async function markInterruptedUploads(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - seconds(UPLOAD_GRACE_SECONDS)).toISOString();
  const expires = sql`coalesce(${popclips.uploadExpiresAt}, ${popclips.createdAt} + ${`${UPLOAD_URL_SECONDS} seconds`}::interval)`;
  const marked = await db
    .update(popclips)
    .set({ status: 'interrupted', failureReason: S.clipInterrupted, updatedAt: now })
    .where(and(eq(popclips.status, 'uploading'), sql`${expires} < ${cutoff}::timestamptz`))
    .returning({ id: popclips.id });
  return marked.length;
}

/** Deletes clips interrupted for longer than the retention, with their objects; answers how many. */
export async function deleteInterruptedClips(
  deps: Pick<AppDeps, 'database' | 'media'>,
  now: Date,
): Promise<number> {
  const db = deps.database.db;
  const cutoff = new Date(now.getTime() - seconds(INTERRUPTED_CLIP_RETENTION_HOURS * 3600));
  const overdue = await db
    .select()
    .from(popclips)
    .where(and(eq(popclips.status, 'interrupted'), lt(popclips.updatedAt, cutoff)))
    .limit(DELETE_BATCH);
  let deleted = 0;
  for (const clip of overdue) {
    // Only while still interrupted: a retry started since keeps the clip.
    const [row] = await db
      .delete(popclips)
      .where(and(eq(popclips.id, clip.id), eq(popclips.status, 'interrupted')))
      .returning();
    if (!row) continue;
    await clearFeaturedIf(db, row.shopId, row.metaIdentifier);
    await removeClipFromCarousels(db, row.shopId, row.metaIdentifier);
    await deps.media.deleteObjects(clipObjectKeys(row));
    deleted += 1;
  }
  return deleted;
}

/**
 * Partial uploads older than any upload still allowed to run (its body timeout, and a minute):
 * a live upload writes its temp file as it goes, so only a dead process's file is that old.
 */
const partialUploadAgeMs = (config: Pick<AppDeps['config'], 'UPLOAD_BODY_TIMEOUT_MS'>) =>
  config.UPLOAD_BODY_TIMEOUT_MS + 60_000;

/** Removes partial uploads of killed processes (local disk; S3 keeps no partial object). */
async function sweepPartialUploads(deps: Pick<AppDeps, 'config' | 'media'>): Promise<number> {
  if (deps.media.kind !== 'local') return 0;
  return (deps.media as LocalObjectStore).sweepTemp(partialUploadAgeMs(deps.config));
}

export const uploadSweepJob = defineJob<Record<string, never>>({
  name: UPLOAD_SWEEP_JOB,
  retryLimit: 3,
  expireInSeconds: 10 * 60,
  schedule: UPLOAD_SWEEP_SCHEDULE,
  handler: async (_data, { database, media, clock, config }) => {
    await markInterruptedUploads(database.db, clock.now());
    await deleteInterruptedClips({ database, media }, clock.now());
    await sweepPartialUploads({ config, media });
  },
});
