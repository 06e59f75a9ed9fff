/**
 * How players follow a live show (hls.js settings shared by the storefront player and the bench):
 * close to the live edge, catching up by playing slightly faster rather than jumping.
 */
export const LIVE_SEGMENT_SECONDS = 1;

export function livePlaybackSettings(lowLatency: boolean) {
  return {
    lowLatencyMode: lowLatency,
    /** Seconds behind the live edge the player aims for. */
    liveSyncDuration: lowLatency ? 1.5 : 2.5,
    /** Beyond this many seconds behind, it plays faster (up to maxLiveSyncPlaybackRate). */
    liveMaxLatencyDuration: 6,
    maxLiveSyncPlaybackRate: 1.25,
    backBufferLength: 10,
  } as const;
}
