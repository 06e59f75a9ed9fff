import { type LiveShowProduct, type LiveShowWire, REPLAY_KEPT_MONTHS } from '@popstage/core/live';
import type { shows } from '../db/schema';
import { type LiveStorage, showMediaKeys } from '../media/port';

export type ShowRow = typeof shows.$inferSelect;

/** Replays are kept REPLAY_KEPT_MONTHS after the show ends (spec 01 §2.9). */
export function replayExpiresAt(endedAt: Date): Date {
  const expires = new Date(endedAt);
  expires.setUTCMonth(expires.getUTCMonth() + REPLAY_KEPT_MONTHS);
  return expires;
}

/**
 * Where a show's media plays from now: while live, the service's playlist route (LL-HLS blocking
 * reload, which storage cannot serve); the replay in storage once made.
 */
export function showMedia(row: ShowRow, context: { baseUrl: string; storage: LiveStorage }) {
  if (row.status === 'live') {
    const url = `${context.baseUrl}/v1/public/shows/${encodeURIComponent(row.id)}/live.m3u8`;
    return { hls: row.hlsReady ? url : null, mp4: null };
  }
  const keys = showMediaKeys(row.id);
  if (row.status === 'ended' && row.replayReady && !row.replayExpired) {
    return {
      hls: context.storage.url(keys.replayPlaylist),
      mp4: context.storage.url(keys.replayMp4),
    };
  }
  return { hls: null, mp4: null };
}

/**
 * The live stream is LL-HLS; a replay is not live. A scheduled show says so too: a player keeps
 * the state's lowLatency when the show's status event starts it.
 */
export const lowLatency = (row: ShowRow) => row.status !== 'ended';

/**
 * The show's products with their titles and pictures; a show scheduled without a snapshot names
 * each product by its id.
 */
export function showProducts(row: ShowRow): LiveShowProduct[] {
  return row.products ?? row.productIds.map((id) => ({ id, title: id, imageUrl: null }));
}

/** A show as the seller and studio APIs answer it (core's liveShowSchema and the products). */
export function toShowWire(
  row: ShowRow,
  context: { baseUrl: string; storage: LiveStorage },
): LiveShowWire & { products: LiveShowProduct[] } {
  const replayKept =
    row.status === 'ended' &&
    row.endedAt !== null &&
    row.replaySeconds !== null &&
    row.replayReady &&
    !row.replayExpired;
  const media = showMedia(row, context);
  return {
    id: row.id,
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    status: row.status,
    productIds: row.productIds,
    products: showProducts(row),
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    replay:
      replayKept && row.endedAt
        ? {
            durationSeconds: row.replaySeconds ?? 0,
            expiresAt: replayExpiresAt(row.endedAt).toISOString(),
          }
        : null,
    playback:
      row.status === 'scheduled'
        ? null
        : {
            publicApi: `${context.baseUrl}/v1/public/shows/${encodeURIComponent(row.id)}`,
            hls: media.hls,
            mp4: media.mp4,
            lowLatency: lowLatency(row),
          },
  };
}
