import { livePlaybackSettings } from '@popstage/core/live';
import Hls from 'hls.js/dist/hls.light.mjs';
import { describe, expect, it } from 'vitest';

/** The storefront player's settings as the real hls.js takes them: it throws on a bad mix. */
describe("core's live settings in hls.js", () => {
  it.each([true, false])('lowLatency %s: accepted, and the mode is on or off', (lowLatency) => {
    const hls = new Hls(livePlaybackSettings(lowLatency));
    expect(hls.config.lowLatencyMode).toBe(lowLatency);
    expect(hls.config.maxLiveSyncPlaybackRate).toBe(1.25);
    // Plain HLS keeps 2.5 s behind the edge; LL-HLS leaves it to the playlist's PART-HOLD-BACK.
    expect(hls.userConfig.liveSyncDuration).toBe(lowLatency ? undefined : 2.5);
    hls.destroy();
  });
});
