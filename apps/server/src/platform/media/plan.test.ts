import { describe, expect, it } from 'vitest';
import {
  fitWithin,
  isRemux,
  planPlayable,
  playableArgs,
  previewSize,
  thumbnailSeconds,
} from './plan';
import type { ProbeResult } from './probe';
import { phoneProbe } from './testing/phone-probe';

const phone = phoneProbe();

describe('planPlayable', () => {
  it.each<[string, Partial<ProbeResult>, 'copy' | 'encode', 'copy' | 'encode' | 'none']>([
    ['H.264/AAC MP4 within 1920', {}, 'copy', 'copy'],
    ['H.264 without audio', { audioCodec: null }, 'copy', 'none'],
    ['H.264 with MP3 audio', { audioCodec: 'mp3' }, 'copy', 'encode'],
    ['exactly 1920 on the long side', { width: 1920, height: 1080 }, 'copy', 'copy'],
    ['HEVC', { videoCodec: 'hevc' }, 'encode', 'copy'],
    [
      'VP9/Opus WebM',
      { videoCodec: 'vp9', audioCodec: 'opus', formatName: 'matroska,webm' },
      'encode',
      'encode',
    ],
    ['H.264/AAC in Matroska', { formatName: 'matroska,webm' }, 'encode', 'encode'],
    ['10-bit H.264', { pixelFormat: 'yuv420p10le' }, 'encode', 'copy'],
    ['full-range H.264', { pixelFormat: 'yuvj420p' }, 'encode', 'copy'],
    ['H.264 at 2560x1440', { width: 2560, height: 1440 }, 'encode', 'copy'],
    ['H.264 at 1080x1921', { height: 1921 }, 'encode', 'copy'],
  ])('%s: video %s, audio %s', (_name, change, video, audio) => {
    const plan = planPlayable({ ...phone, ...change });
    expect(plan.video).toBe(video);
    expect(plan.audio).toBe(audio);
    expect(isRemux(plan)).toBe(video === 'copy');
    expect(plan.reasons.length > 0).toBe(video === 'encode' || audio === 'encode');
  });

  it('says why it re-encodes', () => {
    expect(planPlayable({ ...phone, videoCodec: 'hevc', audioCodec: 'opus' }).reasons).toEqual([
      'video codec hevc',
      'audio codec opus',
    ]);
  });

  it('scales the long side to 1920 keeping aspect, with even sides', () => {
    expect(planPlayable({ ...phone, width: 2560, height: 1440 }).size).toEqual({
      width: 1920,
      height: 1080,
    });
    expect(planPlayable({ ...phone, width: 3000, height: 1999 }).size).toEqual({
      width: 1920,
      height: 1280,
    });
    // Odd sides are rounded to even even when no scaling is needed.
    expect(planPlayable({ ...phone, videoCodec: 'vp9', width: 721, height: 1281 }).size).toEqual({
      width: 722,
      height: 1282,
    });
  });

  it('uses the shown size of rotated video', () => {
    const rotated = { ...phone, width: 3840, height: 2160, rotation: 90 as const };
    expect(planPlayable(rotated).size).toEqual({ width: 1080, height: 1920 });
    expect(planPlayable({ ...phone, width: 1920, height: 1080, rotation: 270 }).size).toEqual({
      width: 1080,
      height: 1920,
    });
  });
});

describe('ffmpeg arguments', () => {
  it('remuxes with stream copy and faststart', () => {
    const args = playableArgs(planPlayable(phone), 'in.mov', 'out.part');
    expect(args).toEqual(expect.arrayContaining(['-c:v', 'copy', '-c:a', 'copy']));
    expect(args.join(' ')).toContain('-movflags +faststart -f mp4 out.part');
    expect(args).not.toContain('libx264');
  });

  it('transcodes to H.264/AAC yuv420p at the planned size', () => {
    const plan = planPlayable({ ...phone, videoCodec: 'hevc', width: 2160, height: 3840 });
    const line = playableArgs(plan, 'in.mov', 'out.part').join(' ');
    expect(line).toContain('scale=1080:1920,format=yuv420p');
    expect(line).toContain('-c:v libx264 -preset veryfast -crf 23');
    expect(line).toContain('-c:a copy');
  });

  it('never hands a file name to a shell', () => {
    const name = 'clip; rm -rf ~ $(x).mp4';
    expect(playableArgs(planPlayable(phone), name, 'o')).toContain(name);
  });
});

describe('thumbnail and preview', () => {
  it('takes the thumbnail at 1 s, or 10% of a short clip', () => {
    expect(thumbnailSeconds(30)).toBe(1);
    expect(thumbnailSeconds(2)).toBeCloseTo(0.2);
  });

  it('fits the thumbnail within 720 and the preview to 320 wide without upscaling', () => {
    expect(fitWithin({ width: 1080, height: 1920 }, 720)).toEqual({ width: 406, height: 720 });
    expect(previewSize({ width: 1080, height: 1920 })).toEqual({ width: 320, height: 568 });
    expect(previewSize({ width: 1920, height: 1080 })).toEqual({ width: 320, height: 180 });
    expect(previewSize({ width: 240, height: 320 })).toEqual({ width: 240, height: 320 });
  });
});
