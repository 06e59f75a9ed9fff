/** A rendition as the storefront feed lists it (issue 19): smallest first. */
export interface VideoSource {
  url: string;
  width: number;
  height: number;
  bitsPerSecond: number;
}

/** What the browser tells about its connection (navigator.connection, where it exists). */
export interface ConnectionHints {
  effectiveType?: string;
  /** Mbit/s, Chrome's estimate (rounded, capped at 10). */
  downlink?: number;
  saveData?: boolean;
}

/** Share of the estimated downlink a rendition may take, so it starts and keeps playing. */
export const DOWNLINK_SHARE = 0.6;
/** Screens denser than this get no bigger file: past 2x the difference does not show. */
const MAX_PIXEL_RATIO = 2;

/**
 * The rendition a player plays: the smallest whose short side covers the player's short side in
 * device pixels, then stepped down until it fits the connection (save-data and 2g/3g take the
 * smallest). Progressive files rather than HLS: docs/decisions.md, "Video delivery".
 */
export function chooseSource<T extends VideoSource>(
  sources: readonly T[],
  player: { width: number; height: number; pixelRatio: number },
  connection: ConnectionHints = {},
): T | null {
  if (sources.length === 0) return null;
  const sorted = [...sources].sort((a, b) => shortSide(a) - shortSide(b));
  const smallest = sorted[0] as T;
  if (connection.saveData || /^(slow-2g|2g|3g)$/.test(connection.effectiveType ?? '')) {
    return smallest;
  }
  const needed =
    Math.min(player.width, player.height) * Math.min(player.pixelRatio || 1, MAX_PIXEL_RATIO);
  let index = sorted.findIndex((source) => shortSide(source) >= needed);
  if (index === -1) index = sorted.length - 1;
  const budget = connection.downlink ? connection.downlink * 1_000_000 * DOWNLINK_SHARE : null;
  while (index > 0 && budget !== null && (sorted[index] as T).bitsPerSecond > budget) index -= 1;
  return sorted[index] as T;
}

const shortSide = (source: VideoSource) => Math.min(source.width, source.height);

/** The short side a player without script choice gets (the share page, the feed's videoUrl). */
export const DEFAULT_SHORT_SIDE = 540;

/** The largest source up to DEFAULT_SHORT_SIDE, else the smallest. */
export function defaultSource<T extends { width: number; height: number }>(
  sources: readonly T[],
): T | null {
  const short = (s: T) => Math.min(s.width, s.height);
  const sorted = [...sources].sort((a, b) => short(a) - short(b));
  return sorted.filter((s) => short(s) <= DEFAULT_SHORT_SIDE).at(-1) ?? sorted[0] ?? null;
}
