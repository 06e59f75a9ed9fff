import type { ProbeResult } from '../probe';

/** What probe answers for a phone's upload: 1080x1920 H.264/AAC in MP4; tests vary the rest. */
export function phoneProbe(overrides: Partial<ProbeResult> = {}): ProbeResult {
  return {
    durationSeconds: 30,
    width: 1080,
    height: 1920,
    rotation: 0,
    videoCodec: 'h264',
    audioCodec: 'aac',
    audioBitRate: 128_000,
    pixelFormat: 'yuv420p',
    bitRate: 6_000_000,
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    sizeBytes: 22_000_000,
    ...overrides,
  };
}
