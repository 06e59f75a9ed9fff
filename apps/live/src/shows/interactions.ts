import {
  CHAT_HISTORY,
  type ChatMessage,
  type LiveShowState,
  PRESENCE_TTL_SECONDS,
  VIEWER_MESSAGES,
} from '@popstage/core/live';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { LiveContext } from '../context';
import { blocks, chatMessages, pins, presence, shows } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { appendEvent } from './events';
import { newId } from './ids';
import { pinsOf } from './lifecycle';
import { lowLatency, type ShowRow, showMedia } from './show-wire';

type MessageRow = typeof chatMessages.$inferSelect;

const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  name: row.name,
  text: row.text,
  at: row.at.toISOString(),
  seller: row.seller,
});

const secondsInto = (ctx: LiveContext, show: ShowRow) =>
  show.startedAt ? Math.max(0, (ctx.now() - show.startedAt.getTime()) / 1000) : 0;

/** Pins a product of the show (closing the one pinned before), or unpins with null. */
export async function pinProduct(ctx: LiveContext, show: ShowRow, productId: string | null) {
  if (show.status !== 'live') throw conflict('Products can be pinned only while the show is live.');
  if (productId !== null && !show.productIds.includes(productId)) {
    throw badRequest('This product is not part of the show.');
  }
  const at = secondsInto(ctx, show);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(pins)
      .set({ toSeconds: at })
      .where(and(eq(pins.showId, show.id), isNull(pins.toSeconds)));
    if (productId !== null) {
      await tx.insert(pins).values({ showId: show.id, productId, fromSeconds: at });
    }
  });
  const all = await pinsOf(ctx, show.id);
  await appendEvent(ctx.db, show.id, { type: 'pin', pinned: productId, pins: all }, ctx.now());
  return { pinned: productId, pins: all };
}

async function isBlocked(ctx: LiveContext, sellerId: string, viewerId: string) {
  const [row] = await ctx.db
    .select({ id: blocks.id })
    .from(blocks)
    .where(and(eq(blocks.sellerId, sellerId), eq(blocks.viewerId, viewerId)));
  return row !== undefined;
}

/** A message in the show's chat: a viewer's (live only, not blocked) or the seller's. */
export async function postChat(
  ctx: LiveContext,
  show: ShowRow,
  from: { viewerId: string; name: string } | { seller: true; name: string },
  text: string,
): Promise<ChatMessage> {
  const viewerId = 'viewerId' in from ? from.viewerId : null;
  if (viewerId !== null && (await isBlocked(ctx, show.sellerId, viewerId))) {
    throw new HttpError(403, VIEWER_MESSAGES.blocked, { code: 'blocked' });
  }
  if (show.status !== 'live')
    throw new HttpError(409, VIEWER_MESSAGES.notLive, { code: 'not_live' });
  const [row] = await ctx.db
    .insert(chatMessages)
    .values({
      id: newId('msg'),
      showId: show.id,
      viewerId,
      name: from.name,
      text,
      at: new Date(ctx.now()),
      seller: viewerId === null,
    })
    .returning();
  if (!row) throw new Error('chat insert returned nothing');
  const message = toMessage(row);
  await appendEvent(ctx.db, show.id, { type: 'chat', message }, ctx.now());
  return message;
}

/** The seller hides a message: gone from the state, and players drop it (chat-hidden). */
export async function hideMessage(ctx: LiveContext, show: ShowRow, messageId: string) {
  const [row] = await ctx.db
    .update(chatMessages)
    .set({ hidden: true })
    .where(and(eq(chatMessages.showId, show.id), eq(chatMessages.id, messageId)))
    .returning({ id: chatMessages.id });
  if (!row) throw notFound('This message does not exist.');
  await appendEvent(ctx.db, show.id, { type: 'chat-hidden', id: messageId }, ctx.now());
}

/** The seller blocks a viewer from chatting in any of their shows, and hides their messages. */
export async function blockViewer(ctx: LiveContext, show: ShowRow, viewerId: string) {
  await ctx.db
    .insert(blocks)
    .values({ sellerId: show.sellerId, showId: show.id, viewerId })
    .onConflictDoNothing();
  const hidden = await ctx.db
    .update(chatMessages)
    .set({ hidden: true })
    .where(
      and(
        eq(chatMessages.showId, show.id),
        eq(chatMessages.viewerId, viewerId),
        eq(chatMessages.hidden, false),
      ),
    )
    .returning({ id: chatMessages.id });
  for (const { id } of hidden) {
    await appendEvent(ctx.db, show.id, { type: 'chat-hidden', id }, ctx.now());
  }
}

export async function viewerCount(ctx: LiveContext, showId: string): Promise<number> {
  const since = new Date(ctx.now() - PRESENCE_TTL_SECONDS * 1000);
  const [row] = await ctx.db
    .select({ n: count() })
    .from(presence)
    .where(and(eq(presence.showId, showId), gt(presence.lastSeen, since)));
  return Number(row?.n ?? 0);
}

/** The last count each show's viewers were told in this process (a change sends an event). */
const toldCounts = new WeakMap<LiveContext, Map<string, number>>();

/** A viewer's heartbeat; a changed count goes to the show's players. */
export async function heartbeat(ctx: LiveContext, show: ShowRow, viewerId: string) {
  const now = new Date(ctx.now());
  await ctx.db
    .insert(presence)
    .values({ showId: show.id, viewerId, lastSeen: now })
    .onConflictDoUpdate({ target: [presence.showId, presence.viewerId], set: { lastSeen: now } });
  const viewers = await viewerCount(ctx, show.id);
  let told = toldCounts.get(ctx);
  if (!told) {
    told = new Map();
    toldCounts.set(ctx, told);
  }
  if (told.get(show.id) !== viewers) {
    told.set(show.id, viewers);
    await appendEvent(ctx.db, show.id, { type: 'viewers', count: viewers }, ctx.now());
  }
  return viewers;
}

/** Visible messages, the last CHAT_HISTORY, oldest first. */
export async function recentChat(ctx: LiveContext, showId: string, withViewers = false) {
  const rows = await ctx.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.showId, showId), eq(chatMessages.hidden, false)))
    .orderBy(desc(chatMessages.seq))
    .limit(CHAT_HISTORY);
  return rows.reverse().map((row) => ({
    ...toMessage(row),
    ...(withViewers ? { viewerId: row.viewerId } : {}),
  }));
}

export async function findAnyShow(ctx: LiveContext, showId: string) {
  const [row] = await ctx.db.select().from(shows).where(eq(shows.id, showId));
  return row ?? null;
}

/** The show as a player starts from (core's liveShowStateSchema). */
export async function showState(ctx: LiveContext, show: ShowRow): Promise<LiveShowState> {
  const all = await pinsOf(ctx, show.id);
  const open = all.find((pin) => pin.toSeconds === null);
  const media = showMedia(show, { baseUrl: ctx.baseUrl, storage: ctx.media.storage });
  return {
    id: show.id,
    title: show.title,
    status: show.status,
    startsAt: show.startsAt.toISOString(),
    startedAt: show.startedAt?.toISOString() ?? null,
    endedAt: show.endedAt?.toISOString() ?? null,
    hls: media.hls,
    mp4: media.mp4,
    lowLatency: lowLatency(show),
    productIds: show.productIds,
    pinned: show.status === 'live' ? (open?.productId ?? null) : null,
    pins: all,
    viewers: show.status === 'live' ? await viewerCount(ctx, show.id) : 0,
    chat: (await recentChat(ctx, show.id)).map(({ id, name, text, at, seller }) => ({
      id,
      name,
      text,
      at,
      seller,
    })),
  };
}
