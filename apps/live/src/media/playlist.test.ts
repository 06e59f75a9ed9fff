import { describe, expect, it } from 'vitest';
import { livePlaylist, parseSegments, targetDuration, vodPlaylist } from './playlist';

const isName = (name: string) => /^ab12-\d{5}\.ts$/.test(name);
const FFMPEG = `#EXTM3U
#EXT-X-VERSION:6
#EXT-X-TARGETDURATION:1
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-INDEPENDENT-SEGMENTS
#EXTINF:1.000000,
ab12-00000.ts
#EXTINF:1.033000,
ab12-00001.ts
#EXTINF:0.967000,
ab12-00002.ts
`;

describe('ffmpeg playlist reading', () => {
  it('lists the segments it names, in order, with their durations', () => {
    expect(parseSegments(FFMPEG, isName)).toEqual([
      { name: 'ab12-00000.ts', durationSeconds: 1 },
      { name: 'ab12-00001.ts', durationSeconds: 1.033 },
      { name: 'ab12-00002.ts', durationSeconds: 0.967 },
    ]);
  });

  it('read mid-rewrite, yields only whole entries: never a torn name', () => {
    // Every prefix of the file is something a reader may see while ffmpeg rewrites it.
    for (let cut = 0; cut <= FFMPEG.length; cut++) {
      const segments = parseSegments(FFMPEG.slice(0, cut), isName);
      for (const segment of segments) expect(isName(segment.name)).toBe(true);
      const whole = parseSegments(FFMPEG, isName);
      expect(whole.slice(0, segments.length)).toEqual(segments);
    }
    expect(parseSegments(FFMPEG.slice(0, FFMPEG.lastIndexOf('.ts') + 3), isName)).toHaveLength(2);
  });

  it('stops at a name that is not one of this run (another run, a path, a URL)', () => {
    const foreign = FFMPEG.replace('ab12-00001.ts', '../../etc/passwd');
    expect(parseSegments(foreign, isName).map((s) => s.name)).toEqual(['ab12-00000.ts']);
  });
});

describe('playlists viewers get', () => {
  const segments = Array.from({ length: 9 }, (_, i) => ({
    name: `ab12-0000${i}.ts`,
    durationSeconds: i === 4 ? 1.6 : 1,
  }));

  it('live: a sliding window with its media sequence, ended only when asked', () => {
    const text = livePlaylist(segments, {
      window: 6,
      target: targetDuration(segments),
      ended: false,
    });
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:3\n');
    expect(text).toContain('#EXT-X-TARGETDURATION:2\n');
    expect(text.match(/#EXTINF/g)).toHaveLength(6);
    expect(text).toContain('#EXTINF:1.600000,\nab12-00004.ts\n');
    expect(text).not.toContain('ENDLIST');
    expect(livePlaylist(segments, { window: 6, target: 2, ended: true })).toMatch(
      /#EXT-X-ENDLIST\n$/,
    );
  });

  it('replay: every segment, VOD, ended', () => {
    const text = vodPlaylist(segments, (s) => `../live/${s.name}`);
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD\n');
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:0\n');
    expect(text.match(/\.\.\/live\/ab12-\d+\.ts/g)).toHaveLength(9);
    expect(text).toMatch(/#EXT-X-ENDLIST\n$/);
  });
});
