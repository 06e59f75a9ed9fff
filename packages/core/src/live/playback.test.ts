import { describe, expect, it } from 'vitest';
import { livePlaybackSettings } from './playback';

describe('live playback settings', () => {
  it('lets LL-HLS follow the playlist’s PART-HOLD-BACK: no liveSyncDuration of its own', () => {
    const settings = livePlaybackSettings(true);
    expect(settings.lowLatencyMode).toBe(true);
    // hls.js (latency-controller's targetLatency) ignores partHoldBack once either is set.
    expect('liveSyncDuration' in settings).toBe(false);
    expect('liveSyncDurationCount' in settings).toBe(false);
  });

  it('keeps plain HLS 2.5 s behind the edge, catching up within the max latency', () => {
    const settings = livePlaybackSettings(false);
    expect(settings).toMatchObject({
      lowLatencyMode: false,
      liveSyncDuration: 2.5,
      liveMaxLatencyDuration: 6,
    });
  });
});
