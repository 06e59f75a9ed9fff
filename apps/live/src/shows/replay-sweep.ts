import { REPLAY_KEPT_MONTHS } from '@popstage/core/live';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { LiveContext } from '../context';
import { shows } from '../db/schema';
import { showMediaKeys } from '../media/port';

/**
 * Deletes the media of replays older than REPLAY_KEPT_MONTHS and marks them expired (they leave
 * the seller's list). Safe to run in several processes at once: deleting twice deletes nothing.
 */
export async function sweepExpiredReplays(ctx: LiveContext): Promise<string[]> {
  const cutoff = new Date(ctx.now());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - REPLAY_KEPT_MONTHS);
  const expired = await ctx.db
    .select({ id: shows.id })
    .from(shows)
    .where(
      and(eq(shows.replayExpired, false), isNotNull(shows.endedAt), lt(shows.endedAt, cutoff)),
    );
  for (const { id } of expired) {
    // Media first: a crash between the two leaves the row to be swept again, never orphan files.
    await ctx.media.storage.deletePrefix(showMediaKeys(id).prefix);
    await ctx.db
      .update(shows)
      .set({ replayExpired: true, replayReady: false, hlsReady: false })
      .where(eq(shows.id, id));
  }
  return expired.map((row) => row.id);
}
