import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxLiveShows } from '../../db/schema';
import { QUICK_H264_AAC, runFfmpeg } from '../media';
import type { LiveShow } from './port';
import { replayExpiresAt } from './replay-expiry';

export type SandboxShowRow = typeof sandboxLiveShows.$inferSelect;

/** A replay is as long as the show was live, within these bounds (a test pattern stands in). */
const REPLAY_SECONDS = { min: 8, max: 60 } as const;

export function toLiveShow(row: SandboxShowRow, now: Date): LiveShow {
  const expiresAt = row.endedAt ? replayExpiresAt(row.endedAt) : null;
  const kept = row.replayFile && row.replaySeconds !== null && expiresAt && expiresAt > now;
  return {
    id: row.id,
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    status: row.endedAt ? 'ended' : row.startedAt ? 'live' : 'scheduled',
    productIds: row.productIds,
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    replay:
      kept && expiresAt
        ? { durationSeconds: row.replaySeconds ?? 0, expiresAt: expiresAt.toISOString() }
        : null,
    // The sandbox streams nothing shoppers could play (issue 32's live service will).
    playback: null,
  };
}

export async function insertSandboxShow(
  db: Db,
  sellerId: string,
  show: { title: string; startsAt: string; productIds: string[] },
  now: Date,
): Promise<SandboxShowRow> {
  const [row] = await db
    .insert(sandboxLiveShows)
    .values({
      id: `show_${randomBytes(8).toString('hex')}`,
      sellerId,
      title: show.title,
      startsAt: new Date(show.startsAt),
      productIds: show.productIds,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('sandbox show insert returned nothing');
  return row;
}

export function sandboxShowsOf(db: Db, sellerId: string): Promise<SandboxShowRow[]> {
  return db
    .select()
    .from(sandboxLiveShows)
    .where(eq(sandboxLiveShows.sellerId, sellerId))
    .orderBy(desc(sandboxLiveShows.startsAt));
}

export async function findSandboxShow(db: Db, sellerId: string, showId: string) {
  const [row] = await db
    .select()
    .from(sandboxLiveShows)
    .where(and(eq(sandboxLiveShows.sellerId, sellerId), eq(sandboxLiveShows.id, showId)));
  return row;
}

/** The seller goes live on the sandbox dashboard (a scheduled show only). */
export async function goLive(db: Db, sellerId: string, showId: string, now: Date) {
  const show = await findSandboxShow(db, sellerId, showId);
  if (!show || show.startedAt) return false;
  await db.update(sandboxLiveShows).set({ startedAt: now }).where(eq(sandboxLiveShows.id, showId));
  return true;
}

/**
 * Ends a live show and records its replay: a test-pattern video with a tone, as long as the show
 * was live (8 to 60 s), written to the replay folder.
 */
export async function endShow(
  db: Db,
  sellerId: string,
  showId: string,
  now: Date,
  replayDir: string,
): Promise<boolean> {
  const show = await findSandboxShow(db, sellerId, showId);
  if (!show?.startedAt || show.endedAt) return false;
  const live = (now.getTime() - show.startedAt.getTime()) / 1000;
  const seconds = Math.round(Math.min(REPLAY_SECONDS.max, Math.max(REPLAY_SECONDS.min, live)));
  await mkdir(replayDir, { recursive: true });
  const file = `${show.id}.mp4`;
  await runFfmpeg([
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=540x960:rate=24:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    ...QUICK_H264_AAC,
    '-shortest',
    '-movflags',
    '+faststart',
    path.join(replayDir, file),
  ]);
  await db
    .update(sandboxLiveShows)
    .set({ endedAt: now, replayFile: file, replaySeconds: seconds })
    .where(eq(sandboxLiveShows.id, showId));
  return true;
}
