import { and, eq, inArray } from 'drizzle-orm';
import type { LiveContext } from '../context';
import { shows } from '../db/schema';
import type { RtmpHooks } from '../media/port';
import { adoptSession, endShow, goLive } from './lifecycle';

/**
 * What the RTMP server asks the service: a stream key names a show that may go live now
 * (scheduled or live); a started publish takes it live; the encoder stopping ends the show.
 */
export function rtmpHooks(ctx: LiveContext): RtmpHooks {
  const report = (what: string) => (error: unknown) =>
    console.warn(`[live rtmp] ${what}: ${String(error)}`);
  return {
    async authorize(streamKey) {
      const [row] = await ctx.db
        .select({ id: shows.id })
        .from(shows)
        .where(and(eq(shows.streamKey, streamKey), inArray(shows.status, ['scheduled', 'live'])));
      return row?.id ?? null;
    },
    started(showId, session) {
      goLive(ctx, showId)
        .then(() => adoptSession(ctx, showId, session))
        .catch((error: unknown) => {
          report('go live')(error);
          void session.abort();
        });
    },
    stopped(showId) {
      endShow(ctx, showId).catch(report('end'));
    },
  };
}
