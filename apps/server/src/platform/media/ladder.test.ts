import { describe, expect, it } from 'vitest';
import { audioArgs, ladderArgs, planDelivery, singleRungArgs } from './ladder';
import { planPlayable } from './plan';
import type { ProbeResult } from './probe';
import { phoneProbe } from './testing/phone-probe';

/** A phone's 20 s upload at 16 Mbit/s: heavier than any rung. */
const phone = phoneProbe({ durationSeconds: 20, bitRate: 16_000_000, sizeBytes: 40_000_000 });
/** The same upload in HEVC, which browsers do not all play: re-encoded. */
const hevcPhone = { ...phone, videoCodec: 'hevc' };
const plan = (probe: ProbeResult) => planDelivery(probe, planPlayable(probe));
const sizes = (targets: { width: number; height: number }[]) =>
  targets.map((t) => `${t.width}x${t.height}`);

describe('planDelivery', () => {
  it('remuxes a heavy H.264 1080p source first for the merchant only; shoppers get 360p, 540p and 720p from one run', () => {
    const delivery = plan(phone);
    expect(delivery.first).toEqual({
      kind: 'remux',
      size: { width: 1080, height: 1920 },
      rendition: false,
    });
    expect(sizes(delivery.ladder)).toEqual(['360x640', '540x960', '720x1280']);
  });

  it('gives a heavy HEVC 1080p source 360p first, then 540p and 720p, never an encoded 1080p', () => {
    const delivery = plan(hevcPhone);
    expect(delivery.first).toMatchObject({ kind: 'encode', target: { width: 360, height: 640 } });
    expect(sizes(delivery.ladder)).toEqual(['540x960', '720x1280']);
  });

  it('remuxes a 1080p source within the 1080p caps as that rung, the rest encoded', () => {
    const delivery = plan({ ...phone, bitRate: 3_000_000 });
    expect(delivery.first).toEqual({
      kind: 'remux',
      size: { width: 1080, height: 1920 },
      rendition: true,
    });
    expect(sizes(delivery.ladder)).toEqual(['360x640', '540x960', '720x1280']);
  });

  it('remuxes a 720p source within the 720p caps; the smaller rungs come from one run', () => {
    const delivery = plan({ ...phone, width: 720, height: 1280, bitRate: 1_500_000 });
    expect(delivery.first.kind).toBe('remux');
    expect(sizes(delivery.ladder)).toEqual(['360x640', '540x960']);
  });

  it('copies AAC within 128 kbit/s and encodes anything else once', () => {
    expect(plan(phone).audio).toBe('copy');
    expect(plan({ ...phone, audioBitRate: 256_000 }).audio).toBe('encode');
    expect(plan({ ...phone, audioBitRate: null }).audio).toBe('encode');
    expect(plan({ ...phone, audioCodec: 'opus' }).audio).toBe('encode');
    expect(plan({ ...phone, audioCodec: null, audioBitRate: null }).audio).toBe('none');
  });
});

describe('ffmpeg arguments', () => {
  const delivery = plan(hevcPhone);
  const first = delivery.first.kind === 'encode' ? delivery.first.target : null;

  it('encodes the audio once; every rung copies it from the second input', () => {
    expect(audioArgs('in.mov', 'a.m4a', 'encode')).toEqual(
      expect.arrayContaining(['-c:a', 'aac', '-b:a', '96k']),
    );
    expect(audioArgs('in.mov', 'a.m4a', 'copy')).toEqual(expect.arrayContaining(['-c:a', 'copy']));
    const args = ladderArgs('in.mov', delivery.ladder, ['a.mp4', 'b.mp4'], 'a.m4a');
    expect(args.filter((a) => a === '1:a:0')).toHaveLength(2);
    expect(args).not.toContain('aac');
    expect(args.join(' ')).toContain('-i in.mov -i a.m4a');
  });

  it('scales the source once, to the largest rung, and the smaller rungs from that', () => {
    const heavy = plan({ ...phone, bitRate: 16_000_000 });
    expect(sizes(heavy.ladder)).toEqual(['360x640', '540x960', '720x1280']);
    const args = ladderArgs('in.mp4', heavy.ladder, ['a.mp4', 'b.mp4', 'c.mp4'], null);
    expect(args[args.indexOf('-filter_complex') + 1]).toBe(
      '[0:v:0]scale=720:1280,format=yuv420p,split=3[v0][v1][v2];' +
        '[v0]scale=360:640,format=yuv420p[o0];[v1]scale=540:960,format=yuv420p[o1];' +
        '[v2]scale=720:1280,format=yuv420p[o2]',
    );
  });

  it('encodes every rung with superfast, capped, without audio when there is none', () => {
    if (!first) throw new Error('a heavy source is encoded first');
    const single = singleRungArgs('in.mov', 'out.mp4', first, null);
    expect(single[single.indexOf('-preset') + 1]).toBe('superfast');
    expect(single[single.indexOf('-maxrate') + 1]).toBe('650k');
    expect(single).not.toContain('-c:a');
    const ladder = ladderArgs('in.mov', delivery.ladder, ['a.mp4', 'b.mp4'], null);
    const presets = ladder.flatMap((a, i) => (a === '-preset' ? [ladder[i + 1]] : []));
    expect(presets).toEqual(['superfast', 'superfast']);
    const caps = ladder.flatMap((a, i) => (a === '-maxrate' ? [ladder[i + 1]] : []));
    expect(caps).toEqual(['1200k', '2000k']);
  });
});
