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

/** Where a show's media plays from now: the live playlist while live, the replay once made. */
export function showMedia(row: ShowRow, storage: LiveStorage) {
  const keys = showMediaKeys(row.id);
  if (row.status === 'live') {
    return { hls: row.hlsReady ? storage.url(keys.livePlaylist) : null, mp4: null };
  }
  if (row.status === 'ended' && row.replayReady && !row.replayExpired) {
    return { hls: storage.url(keys.replayPlaylist), mp4: storage.url(keys.replayMp4) };
  }
  return { hls: null, mp4: null };
}

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
  const media = showMedia(row, context.storage);
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
            lowLatency: false,
          },
  };
}
