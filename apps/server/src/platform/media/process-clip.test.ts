import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateClip, generateCorruptFile } from '@popstage/testkit/clip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaRejectedError, NOT_A_VIDEO } from './errors';
import { LADDER, rungBitsPerSecond, VBV_INIT } from './ladder';
import { LOOP_MAX_BYTES } from './motion';
import { probe } from './probe';
import { processVideo } from './process-clip';
import { TEST_CLIPS } from './testing/clips';
import {
  countFrames,
  firstVideoPacketBytes,
  magic,
  mp4TopLevelBoxes,
  videoProfileAndKeyFrames,
} from './testing/inspect';

let dir: string;
const clips = {} as Record<keyof typeof TEST_CLIPS | 'corrupt', string>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'popstage-media-'));
  await Promise.all(
    Object.entries(TEST_CLIPS).map(async ([name, spec]) => {
      clips[name as keyof typeof TEST_CLIPS] = await generateClip(
        join(dir, `${name}.${spec.container}`),
        spec,
      );
    }),
  );
  clips.corrupt = await generateCorruptFile(join(dir, 'corrupt.mp4'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const out = (name: string) => join(dir, 'out', name);

describe('probe', () => {
  it('reads each generated clip', async () => {
    expect(await probe(clips.fastPath)).toMatchObject({
      width: 360,
      height: 640,
      rotation: 0,
      videoCodec: 'h264',
      audioCodec: 'aac',
      pixelFormat: 'yuv420p',
    });
    expect(await probe(clips.webm)).toMatchObject({
      videoCodec: 'vp9',
      audioCodec: 'opus',
      formatName: 'matroska,webm',
    });
    expect(await probe(clips.mpeg4)).toMatchObject({ videoCodec: 'mpeg4', audioCodec: 'mp3' });
    expect(await probe(clips.oversize)).toMatchObject({ width: 2560, height: 1440 });
    const rotated = await probe(clips.rotated);
    expect(rotated).toMatchObject({ width: 640, height: 360 });
    expect([90, 270]).toContain(rotated.rotation);
    const fast = await probe(clips.fastPath);
    expect(fast.durationSeconds).toBeCloseTo(2, 1);
    expect(fast.sizeBytes).toBeGreaterThan(0);
  });

  it('rejects a file that is not a video', async () => {
    await expect(probe(clips.corrupt)).rejects.toThrow(MediaRejectedError);
    await expect(probe(clips.corrupt)).rejects.toMatchObject({ reason: NOT_A_VIDEO });
  });
});

describe('processVideo', () => {
  it('remuxes H.264/AAC, index first, and reports playable before the rest', async () => {
    const events: string[] = [];
    const percents: number[] = [];
    const result = await processVideo(clips.fastPath, out('fast'), {
      onProgress: (percent) => percents.push(percent),
      onPlayable: (playable) => {
        events.push('playable');
        expect(existsSync(playable.path)).toBe(true);
        expect(existsSync(join(out('fast'), 'thumbnail.jpg'))).toBe(false);
      },
    });
    expect(events).toEqual(['playable']);
    expect(result.playable).toMatchObject({ remuxed: true, width: 360, height: 640 });
    expect(result.plan).toMatchObject({ video: 'copy', audio: 'copy' });
    const boxes = await mp4TopLevelBoxes(result.playable.path);
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(await probe(result.playable.path)).toMatchObject({
      videoCodec: 'h264',
      audioCodec: 'aac',
    });
    expect(percents.at(-1)).toBe(100);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));

    // Thumbnail: a JPEG at the clip's size (already within 720).
    expect([...(await magic(result.thumbnail, 3))]).toEqual([0xff, 0xd8, 0xff]);
    expect(await countFrames(result.thumbnail)).toMatchObject({ width: 360, height: 640 });
    // Shoppers' poster: WebP at the clip's size; their loop: a silent H.264 MP4 within 40 KB.
    expect((await magic(result.poster, 12)).toString('latin1', 8)).toBe('WEBP');
    expect(await countFrames(result.poster)).toMatchObject({ width: 360, height: 640 });
    expect((await stat(result.loop)).size).toBeLessThanOrEqual(LOOP_MAX_BYTES);
    const loop = await probe(result.loop);
    expect(loop).toMatchObject({ videoCodec: 'h264', audioCodec: null, width: 240 });
    expect(loop.durationSeconds).toBeGreaterThanOrEqual(1.9);
    // A 360x640 source within the 360p caps is its own ladder: the remux, nothing else.
    expect(result.renditions).toEqual([
      expect.objectContaining({ path: result.playable.path, width: 360, height: 640 }),
    ]);
    // Preview: an animated GIF, 320 wide.
    expect((await magic(result.preview, 6)).toString('latin1')).toBe('GIF89a');
    const preview = await countFrames(result.preview);
    expect(preview).toMatchObject({ width: 320, height: 568 });
    expect(preview.frames).toBeGreaterThan(1);
  });

  it('plays a heavy H.264 source for the merchant at once (remux), shoppers a ladder from one run', async () => {
    const playableAt: string[] = [];
    const result = await processVideo(clips.heavy, out('heavy'), {
      onPlayable: async (playable) => {
        playableAt.push(`${playable.width}x${playable.height} ${playable.remuxed}`);
        expect(existsSync(join(out('heavy'), 'rendition-360p.mp4'))).toBe(false);
      },
    });
    expect(playableAt).toEqual(['720x1280 true']);
    // The remux is the merchant's; every file shoppers get is an encoded rung.
    expect(result.renditions.map((r) => r.path)).not.toContain(result.playable.path);
    expect(result.renditions.map((r) => `${r.width}x${r.height}`)).toEqual([
      '360x640',
      '540x960',
      '720x1280',
    ]);
    for (const [i, rendition] of result.renditions.entries()) {
      const rung = LADDER[i] as (typeof LADDER)[number];
      // Capped: the rung's maxrate plus its audio, with room for the MP4 index and for the VBV
      // buffer (twice the maxrate) that a 4 s clip may spend on top of its average.
      const bufferBits = rung.videoKbps * 2 * 1000;
      expect(rendition.bitsPerSecond).toBeLessThan(rungBitsPerSecond(rung) * 1.1 + bufferBits / 4);
      expect(await probe(rendition.path)).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac' });
      const { profile, keyFrameSeconds } = await videoProfileAndKeyFrames(rendition.path);
      expect(profile).toBe('High');
      expect(keyFrameSeconds.map(Math.round)).toEqual([0, 2]);
      const boxes = await mp4TopLevelBoxes(rendition.path);
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
      // A viewer shows its first frame early: the busy source's first key frame stays within the
      // share of the buffer playback starts with (x264's default 0.9 let it take three times that).
      expect(await firstVideoPacketBytes(rendition.path)).toBeLessThanOrEqual(
        (VBV_INIT * bufferBits) / 8,
      );
    }
    // The source weighs 6 Mbit/s: no file shoppers get comes near it.
    const sourceBits = (await probe(clips.heavy)).bitRate ?? 0;
    expect(sourceBits).toBeGreaterThan(4_000_000);
    expect(Math.max(...result.renditions.map((r) => r.bitsPerSecond))).toBeLessThan(sourceBits / 2);
  });

  it('transcodes VP9/Opus WebM to H.264/AAC yuv420p', async () => {
    const result = await processVideo(clips.webm, out('webm'));
    expect(result.playable.remuxed).toBe(false);
    const playable = await probe(result.playable.path);
    expect(playable).toMatchObject({
      videoCodec: 'h264',
      audioCodec: 'aac',
      pixelFormat: 'yuv420p',
      width: 360,
      height: 640,
    });
    const boxes = await mp4TopLevelBoxes(result.playable.path);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  });

  it('scales oversize H.264 down the ladder, 720p at most when encoded, even sides', async () => {
    const result = await processVideo(clips.oversize, out('oversize'));
    expect(result.plan.reasons).toEqual(['size 2560x1440']);
    expect(await probe(result.playable.path)).toMatchObject({ width: 640, height: 360 });
    expect(result.renditions.map((r) => `${r.width}x${r.height}`)).toEqual([
      '640x360',
      '960x540',
      '1280x720',
    ]);
    const top = await probe(result.renditions[2]?.path ?? '');
    expect(top).toMatchObject({ videoCodec: 'h264', width: 1280, height: 720 });
    expect(await countFrames(result.thumbnail)).toMatchObject({ width: 720, height: 406 });
  });

  it('keeps rotation when remuxing; the thumbnail is upright', async () => {
    const result = await processVideo(clips.rotated, out('rotated'));
    expect(result.playable).toMatchObject({ remuxed: true, width: 360, height: 640 });
    expect((await probe(result.playable.path)).rotation).toBe(result.probe.rotation);
    expect(await countFrames(result.thumbnail)).toMatchObject({ width: 360, height: 640 });
  });

  it('re-encodes rotated video upright, leaving no rotation to apply again', async () => {
    const result = await processVideo(clips.rotatedMpeg4, out('rotated-mpeg4'));
    expect(result.playable).toMatchObject({ remuxed: false, width: 360, height: 640 });
    expect(await probe(result.playable.path)).toMatchObject({
      width: 360,
      height: 640,
      rotation: 0,
    });
  });

  it('reruns cleanly into the same directory and sweeps a killed run’s part files', async () => {
    const target = out('rerun');
    await processVideo(clips.mpeg4, target);
    const stale = join(target, '.playable.mp4.0123abcd.part');
    await writeFile(stale, 'half a file');
    const old = new Date(Date.now() - 3_600_000);
    await utimes(stale, old, old);
    const result = await processVideo(clips.mpeg4, target);
    expect((await readdir(target)).sort()).toEqual([
      'loop.mp4',
      'playable.mp4',
      'poster.webp',
      'preview.gif',
      'thumbnail.jpg',
    ]);
    expect(await probe(result.playable.path)).toMatchObject({ videoCodec: 'h264', width: 320 });
  });

  it('stops ffmpeg when aborted and leaves no part file', async () => {
    const controller = new AbortController();
    const attempt = processVideo(clips.oversize, out('aborted'), {
      signal: controller.signal,
      onProgress: (percent) => percent > 0 && controller.abort(),
    });
    await expect(attempt).rejects.toMatchObject({ name: 'AbortError' });
    expect(await readdir(out('aborted'))).toEqual([]);
  });

  it('rejects a corrupt file before writing anything', async () => {
    const attempt = processVideo(clips.corrupt, out('corrupt'));
    await expect(attempt).rejects.toBeInstanceOf(MediaRejectedError);
    expect(await readdir(out('corrupt'))).toEqual([]);
  });
});
