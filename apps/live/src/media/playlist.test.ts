import { describe, expect, it } from 'vitest';
import { livePlaylist, type Segment, targetDuration, vodPlaylist } from './playlist';

const uri = (name: string) => `https://cdn.example/shows/s1/live/${name}`;
const segments: Segment[] = Array.from({ length: 9 }, (_, i) => ({
  name: `ab12-0000${i}.ts`,
  durationSeconds: i === 4 ? 1.6 : 1,
  parts: [
    { name: `ab12-0000${i}.0.ts`, durationSeconds: 0.433333, independent: true },
    { name: `ab12-0000${i}.1.ts`, durationSeconds: 0.433333, independent: false },
  ],
}));
const lowLatency = {
  partTargetSeconds: 0.5,
  partHoldBackSeconds: 1,
  open: [{ name: 'ab12-00009.0.ts', durationSeconds: 0.433333, independent: true }],
};

describe('playlists viewers get', () => {
  it('live: a sliding window with its media sequence, ended only when asked', () => {
    const text = livePlaylist(segments, {
      window: 6,
      target: targetDuration(segments),
      ended: false,
      uri,
    });
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:3\n');
    expect(text).toContain('#EXT-X-TARGETDURATION:2\n');
    expect(text.match(/#EXTINF/g)).toHaveLength(6);
    expect(text).toContain(`#EXTINF:1.600000,\n${uri('ab12-00004.ts')}\n`);
    expect(text).not.toContain('ENDLIST');
    expect(text).not.toContain('#EXT-X-PART');
    expect(livePlaylist(segments, { window: 6, target: 2, ended: true, uri })).toMatch(
      /#EXT-X-ENDLIST\n$/,
    );
  });

  it('low-latency: parts for the last 3 segments and the open one, after the server control', () => {
    const text = livePlaylist(segments, { window: 6, target: 2, ended: false, uri, lowLatency });
    const lines = text.split('\n');
    expect(lines.slice(0, 6)).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.000',
      '#EXT-X-PART-INF:PART-TARGET=0.500',
      '#EXT-X-MEDIA-SEQUENCE:3',
    ]);
    const parts = lines.filter((line) => line.startsWith('#EXT-X-PART:'));
    // Segments 6, 7 and 8 with two parts each, then the open segment's one.
    expect(parts).toHaveLength(7);
    expect(parts[0]).toBe(
      `#EXT-X-PART:DURATION=0.433333,URI="${uri('ab12-00006.0.ts')}",INDEPENDENT=YES`,
    );
    expect(parts[1]).toBe(`#EXT-X-PART:DURATION=0.433333,URI="${uri('ab12-00006.1.ts')}"`);
    // Each segment's parts come right before it; the open ones after the last segment.
    expect(text).toContain(
      `${uri('ab12-00008.1.ts')}"\n#EXTINF:1.000000,\n${uri('ab12-00008.ts')}\n#EXT-X-PART:DURATION=0.433333,URI="${uri('ab12-00009.0.ts')}",INDEPENDENT=YES\n`,
    );
    expect(text).not.toContain('ab12-00005.0.ts');
    // Ended: no open parts, the list closed.
    const ended = livePlaylist(segments, { window: 6, target: 2, ended: true, uri, lowLatency });
    expect(ended).not.toContain('ab12-00009.0.ts');
    expect(ended).toMatch(/#EXT-X-ENDLIST\n$/);
  });

  it('replay: every segment, VOD, ended, no parts', () => {
    const text = vodPlaylist(segments, (name) => `../live/${name}`);
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD\n');
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:0\n');
    expect(text.match(/\.\.\/live\/ab12-\d+\.ts/g)).toHaveLength(9);
    expect(text).not.toContain('#EXT-X-PART');
    expect(text).toMatch(/#EXT-X-ENDLIST\n$/);
  });

  it('target duration: the longest segment, rounded, at least the floor', () => {
    expect(targetDuration([])).toBe(1);
    expect(targetDuration([{ durationSeconds: 1.49 }])).toBe(1);
    expect(targetDuration([{ durationSeconds: 1.5 }, { durationSeconds: 0.2 }])).toBe(2);
  });
});
