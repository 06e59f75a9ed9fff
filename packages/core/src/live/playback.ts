/**
 * How players follow a live show (hls.js settings shared by the storefront player and the bench):
 * close to the live edge, catching up by playing slightly faster rather than jumping.
 */
export const LIVE_SEGMENT_SECONDS = 1;

const shared = {
  /** Behind its target, the player plays up to this much faster to catch up. */
  maxLiveSyncPlaybackRate: 1.25,
  backBufferLength: 10,
} as const;

/**
 * LL-HLS aims at the playlist's PART-HOLD-BACK: hls.js does so in lowLatencyMode unless the
 * config sets liveSyncDuration, so only plain HLS sets it (seconds behind the live edge), with
 * the latency beyond which it jumps back to the edge. hls.js refuses a liveMaxLatencyDuration
 * without a liveSyncDuration, so LL-HLS keeps hls.js's own (none: it only plays faster).
 */
export function livePlaybackSettings(lowLatency: boolean) {
  return lowLatency
    ? ({ lowLatencyMode: true, ...shared } as const)
    : ({
        lowLatencyMode: false,
        liveSyncDuration: 2.5,
        liveMaxLatencyDuration: 6,
        ...shared,
      } as const);
}
