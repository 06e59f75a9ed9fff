import type { LiveShowProduct } from '@popstage/core/live';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { LiveContext } from '../context';
import { pins, type ShowStatus, sellers, shows } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { type HlsSession, showMediaKeys } from '../media/port';
import { appendEvent } from './events';
import { newId, newStreamKey } from './ids';
import { type ShowRow, showMedia } from './show-wire';

export async function findShow(ctx: LiveContext, sellerId: string, showId: string) {
  const [row] = await ctx.db
    .select()
    .from(shows)
    .where(and(eq(shows.sellerId, sellerId), eq(shows.id, showId)));
  return row ?? null;
}

export async function requireShow(ctx: LiveContext, sellerId: string, showId: string) {
  const row = await findShow(ctx, sellerId, showId);
  if (!row) throw notFound('This show does not exist.');
  return row;
}

export async function findSeller(ctx: LiveContext, sellerId: string) {
  const [row] = await ctx.db.select().from(sellers).where(eq(sellers.id, sellerId));
  return row ?? null;
}

export async function scheduleShow(
  ctx: LiveContext,
  sellerId: string,
  input: { title: string; startsAt: string; productIds: string[]; products?: LiveShowProduct[] },
): Promise<ShowRow> {
  // The contract has checked that the snapshot's ids are productIds: both keep first occurrences.
  const products = input.products
    ? input.products.filter((p, i, all) => all.findIndex((q) => q.id === p.id) === i)
    : null;
  const [row] = await ctx.db
    .insert(shows)
    .values({
      id: newId('show'),
      sellerId,
      title: input.title,
      startsAt: new Date(input.startsAt),
      productIds: [...new Set(input.productIds)],
      products,
      streamKey: newStreamKey(),
      createdAt: new Date(ctx.now()),
    })
    .returning();
  if (!row) throw new Error('show insert returned nothing');
  return row;
}

/** The seller's shows, newest start first. */
export function showsOf(ctx: LiveContext, sellerId: string): Promise<ShowRow[]> {
  return ctx.db
    .select()
    .from(shows)
    .where(eq(shows.sellerId, sellerId))
    .orderBy(desc(shows.startsAt), desc(shows.createdAt));
}

async function statusEvent(ctx: LiveContext, row: ShowRow) {
  const media = showMedia(row, { baseUrl: ctx.baseUrl, storage: ctx.media.storage });
  await appendEvent(ctx.db, row.id, { type: 'status', status: row.status, ...media }, ctx.now());
}

/** Scheduled → live (a live show stays live: the studio may reconnect). */
export async function goLive(ctx: LiveContext, showId: string): Promise<ShowRow> {
  const [row] = await ctx.db
    .update(shows)
    .set({ status: 'live', startedAt: new Date(ctx.now()) })
    .where(and(eq(shows.id, showId), eq(shows.status, 'scheduled')))
    .returning();
  if (row) {
    await statusEvent(ctx, row);
    return row;
  }
  const [current] = await ctx.db.select().from(shows).where(eq(shows.id, showId));
  if (!current) throw notFound('This show does not exist.');
  if (current.status !== 'live') throw conflict('This show has ended.');
  return current;
}

/**
 * Packages a broadcast for the show in this process: a session replacing one still running here
 * is aborted; once the first segment is stored the show's players get the live playlist. When
 * the show is ended through another process, this one hears it from the show's events and makes
 * the replay.
 */
export function adoptSession(ctx: LiveContext, showId: string, session: HlsSession): void {
  const previous = ctx.sessions.get(showId);
  ctx.sessions.set(showId, session);
  if (previous && previous !== session) void previous.abort().catch(() => {});
  session.firstSegment.then(
    async () => {
      if (ctx.sessions.get(showId) !== session) return;
      const [row] = await ctx.db
        .update(shows)
        .set({ hlsReady: true })
        .where(and(eq(shows.id, showId), eq(shows.status, 'live')))
        .returning();
      if (row) await statusEvent(ctx, row);
    },
    (error: unknown) => console.warn(`[live] ${showId}: no first segment: ${String(error)}`),
  );
  let unsubscribe: (() => void) | undefined;
  void ctx.hub
    .subscribe(showId, (event) => {
      if (event.type !== 'status' || event.status !== 'ended') return;
      unsubscribe?.();
      if (ctx.sessions.get(showId) !== session) return;
      ctx.sessions.delete(showId);
      void finishReplay(ctx, showId, session);
    })
    .then((stop) => {
      unsubscribe = stop;
    });
}

/** Ends the session's packaging and records the replay it made. */
async function finishReplay(ctx: LiveContext, showId: string, session: HlsSession) {
  try {
    const replay = await session.finish();
    const [made] = await ctx.db
      .update(shows)
      .set({ replaySeconds: replay.durationSeconds, replayReady: true })
      .where(eq(shows.id, showId))
      .returning();
    if (made) await statusEvent(ctx, made);
    return made ?? null;
  } catch (error) {
    console.warn(`[live] ${showId}: the replay could not be made: ${String(error)}`);
    return null;
  }
}

const STATUSES_ENDABLE: ShowStatus[] = ['live'];

/**
 * Live → ended: the open pin closes at the show's end, the broadcast packaged here finishes
 * (its last segments and the replay stored) and the replay's length is recorded.
 */
export async function endShow(ctx: LiveContext, showId: string): Promise<ShowRow> {
  const endedAt = new Date(ctx.now());
  const [ended] = await ctx.db
    .update(shows)
    .set({ status: 'ended', endedAt })
    .where(and(eq(shows.id, showId), inArray(shows.status, STATUSES_ENDABLE)))
    .returning();
  if (!ended) {
    const [current] = await ctx.db.select().from(shows).where(eq(shows.id, showId));
    if (!current) throw notFound('This show does not exist.');
    throw conflict(current.status === 'ended' ? 'This show has ended.' : 'This show is not live.');
  }
  // The broadcast packaged here is taken now, before the ended status is told (adoptSession's
  // listener would take it otherwise); one packaged by another process finishes there.
  const session = ctx.sessions.get(showId);
  ctx.sessions.delete(showId);
  const seconds = ended.startedAt ? (endedAt.getTime() - ended.startedAt.getTime()) / 1000 : 0;
  await ctx.db
    .update(pins)
    .set({ toSeconds: Math.max(0, seconds) })
    .where(and(eq(pins.showId, showId), isNull(pins.toSeconds)));
  await appendEvent(
    ctx.db,
    showId,
    { type: 'pin', pinned: null, pins: await pinsOf(ctx, showId) },
    ctx.now(),
  );
  await statusEvent(ctx, ended);
  if (!session) return ended;
  return (await finishReplay(ctx, showId, session)) ?? ended;
}

export async function pinsOf(ctx: LiveContext, showId: string) {
  const rows = await ctx.db.select().from(pins).where(eq(pins.showId, showId)).orderBy(pins.id);
  return rows.map((row) => ({
    productId: row.productId,
    fromSeconds: row.fromSeconds,
    toSeconds: row.toSeconds,
  }));
}

/**
 * Deletes a seller with everything of theirs (the shop's redaction): each show's broadcast is
 * stopped and its video deleted first, then the rows (shows, pins, chat, blocks, presence and
 * events go with the seller). The video goes before the rows, so a retry after a failure still
 * finds the shows whose video is left. Nothing to delete is not an error.
 */
export async function deleteSeller(ctx: LiveContext, sellerId: string): Promise<void> {
  const owned = await ctx.db
    .select({ id: shows.id })
    .from(shows)
    .where(eq(shows.sellerId, sellerId));
  for (const { id } of owned) {
    const session = ctx.sessions.get(id);
    ctx.sessions.delete(id);
    await session?.abort().catch(() => {});
    await ctx.media.storage.deletePrefix(showMediaKeys(id).prefix);
  }
  await ctx.db.delete(sellers).where(eq(sellers.id, sellerId));
}
