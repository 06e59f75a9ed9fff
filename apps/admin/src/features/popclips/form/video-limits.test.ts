import { POPCLIP_VALIDATION_MESSAGES as M } from '@popstage/core/popclips';
import { describe, expect, it } from 'vitest';
import { videoMetadataError } from './use-clip-form';

describe('videoMetadataError (before upload)', () => {
  it('passes a 3-minute 1080p clip', () => {
    expect(videoMetadataError({ durationSeconds: 180, width: 1080, height: 1920 })).toBeNull();
  });
  it('refuses a clip longer than 3 minutes', () => {
    expect(videoMetadataError({ durationSeconds: 181, width: 1080, height: 1920 })).toBe(
      M.videoTooLong,
    );
    expect(videoMetadataError({ durationSeconds: 36_000, width: 640, height: 360 })).toBe(
      M.videoTooLong,
    );
  });
  it('refuses a picture larger than 4K', () => {
    expect(videoMetadataError({ durationSeconds: 10, width: 7680, height: 4320 })).toBe(
      M.videoResolutionTooHigh,
    );
  });
});
