import { describe, expect, it } from 'vitest';
import { MediaRejectedError, NOT_A_VIDEO } from './errors';
import { parseProbe } from './probe';
import { phoneProbe } from './testing/phone-probe';

const video = {
  codec_type: 'video',
  codec_name: 'h264',
  width: 1080,
  height: 1920,
  pix_fmt: 'yuv420p',
};
const format = { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.5', bit_rate: '4000000' };

describe('parseProbe', () => {
  it('reads the first video and audio streams', () => {
    const audio = { codec_type: 'audio', codec_name: 'aac', bit_rate: '128000' };
    // A phone's upload, as the pipeline's tests take it, but for these figures.
    expect(parseProbe({ streams: [audio, video], format }, 123)).toEqual(
      phoneProbe({ durationSeconds: 12.5, bitRate: 4_000_000, sizeBytes: 123 }),
    );
  });

  it('reads rotation from the display matrix or the older rotate tag', () => {
    const matrix = { ...video, side_data_list: [{ rotation: -90 }] };
    expect(parseProbe({ streams: [matrix], format }, 1).rotation).toBe(90);
    const tag = { ...video, tags: { rotate: '270' } };
    expect(parseProbe({ streams: [tag], format }, 1).rotation).toBe(270);
    const upsideDown = { ...video, side_data_list: [{ rotation: 180 }] };
    expect(parseProbe({ streams: [upsideDown], format }, 1).rotation).toBe(180);
  });

  it.each([
    ['no streams', { streams: [], format }],
    ['audio only', { streams: [{ codec_type: 'audio', codec_name: 'mp3' }], format }],
    [
      'cover art only',
      { streams: [{ ...video, codec_name: 'mjpeg', disposition: { attached_pic: 1 } }], format },
    ],
    ['a still image', { streams: [video], format: { format_name: 'png_pipe' } }],
    ['no duration', { streams: [video], format: { ...format, duration: 'N/A' } }],
  ])('rejects %s', (_name, output) => {
    const attempt = () => parseProbe(output, 1);
    expect(attempt).toThrow(MediaRejectedError);
    expect(attempt).toThrow(NOT_A_VIDEO);
  });
});
