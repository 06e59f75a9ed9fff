import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { POPCLIP_VALIDATION_MESSAGES as M } from '@popstage/core/popclips';
import { generateClip } from '@popstage/testkit/clip';
import { afterAll, describe, expect, it } from 'vitest';
import { MediaRejectedError, processVideo } from '../platform/media';

/**
 * Finding: a 10-hour video was accepted (and its transcode held a worker for hours, with a
 * timeout of 60 s + 10 s per second). Now longer than 3 minutes or larger than 4K is refused
 * with the merchant's reason right after the probe, before any transcode.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'popstage-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function rejection(input: string): Promise<string> {
  const error = await processVideo(input, path.join(dir, 'out')).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MediaRejectedError);
  return (error as MediaRejectedError).reason;
}

/** A silent 64 px high H.264 MP4 at 1 fps, quick to make however long or wide. */
const tinyClip = (name: string, size: { seconds: number; width: number }) =>
  generateClip(path.join(dir, name), {
    ...size,
    height: 64,
    fps: 1,
    video: 'h264',
    audio: null,
    container: 'mp4',
    preset: 'ultrafast',
  });

describe('video limits', () => {
  it('refuses a video longer than 3 minutes', async () => {
    const long = await tinyClip('long.mp4', { seconds: 181, width: 64 });
    expect(await rejection(long)).toBe(M.videoTooLong);
  }, 60_000);

  it('refuses a video wider than 4K', async () => {
    const wide = await tinyClip('wide.mp4', { seconds: 1, width: 3856 });
    expect(await rejection(wide)).toBe(M.videoResolutionTooHigh);
  }, 60_000);
});
