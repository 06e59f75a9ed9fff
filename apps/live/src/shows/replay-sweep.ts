import { PRESENCE_TTL_SECONDS, REPLAY_KEPT_MONTHS } from '@popstage/core/live';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { LiveContext } from '../context';
import { events, presence, shows } from '../db/schema';
import { showMediaKeys } from '../media/port';

/**
 * Deletes the media of replays older than REPLAY_KEPT_MONTHS and marks them expired (they leave
 * the seller's list). Safe to run in several processes at once: deleting twice deletes nothing.
 */
export async function sweepExpiredReplays(ctx: LiveContext): Promise<string[]> {
  await pruneShowActivity(ctx);
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

/** Players reconnect within seconds; older events only fill the table. */
const EVENTS_KEPT_MS = 24 * 3600 * 1000;

/**
 * Drops SSE events older than a day and heartbeats past the presence window (the fan-out and
 * the viewer count read only recent rows).
 */
export async function pruneShowActivity(ctx: LiveContext): Promise<void> {
  await ctx.db.delete(events).where(lt(events.at, ctx.now() - EVENTS_KEPT_MS));
  await ctx.db
    .delete(presence)
    .where(lt(presence.lastSeen, new Date(ctx.now() - 2 * PRESENCE_TTL_SECONDS * 1000)));
}
