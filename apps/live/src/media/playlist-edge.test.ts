import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playlistEdge, satisfies, tooFarAhead } from './playlist-edge';

/** A live playlist as the packager stores it: segments of parts, the open segment's parts last. */
interface Live {
  first: number;
  /** Parts of each complete segment in the window, oldest first. */
  segments: number[];
  open: number;
  ended: boolean;
}

const uri = (msn: number, part?: number) =>
  `https://cdn/shows/s1/live/ab12cd34-${String(msn).padStart(5, '0')}${part === undefined ? '' : `.${part}`}.ts`;

function render(live: Live): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-TARGETDURATION:1',
    '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.000',
    '#EXT-X-PART-INF:PART-TARGET=0.500',
    `#EXT-X-MEDIA-SEQUENCE:${live.first}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  const partLines = (msn: number, count: number) =>
    Array.from(
      { length: count },
      (_, i) =>
        `#EXT-X-PART:DURATION=0.433333,URI="${uri(msn, i)}"${i === 0 ? ',INDEPENDENT=YES' : ''}`,
    );
  live.segments.forEach((parts, i) => {
    const msn = live.first + i;
    // Parts are listed for the last three complete segments only.
    if (i >= live.segments.length - 3) lines.push(...partLines(msn, parts));
    lines.push('#EXTINF:1.000000,', uri(msn));
  });
  lines.push(...partLines(live.first + live.segments.length, live.open));
  if (live.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** The packager's next write: one more part of the open segment, or the open segment closed. */
function grow(live: Live, close: boolean): Live {
  if (!close) return { ...live, open: live.open + 1 };
  const segments = [...live.segments, Math.max(1, live.open)];
  const drop = Math.max(0, segments.length - 6);
  return { first: live.first + drop, segments: segments.slice(drop), open: 0, ended: false };
}

const liveArb = fc.record({
  first: fc.nat(100_000),
  segments: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 6 }),
  open: fc.nat(4),
  ended: fc.boolean(),
});
const requestArb = fc.record({
  msn: fc.nat(100_010),
  part: fc.option(fc.nat(6), { nil: undefined }),
});
const edgeOf = (live: Live) => {
  const edge = playlistEdge(render(live));
  if (!edge) throw new Error('no edge');
  return edge;
};

describe('playlist edge', () => {
  it('reads the example playlist: its last segment, the open parts, the target', () => {
    const live: Live = { first: 12, segments: [3, 3, 3, 3, 3, 3], open: 1, ended: false };
    expect(edgeOf(live)).toEqual({
      lastSegment: 17,
      openParts: 1,
      targetDuration: 1,
      ended: false,
    });
    expect(edgeOf({ ...live, open: 0, ended: true })).toMatchObject({ openParts: 0, ended: true });
  });

  it('reads any playlist the packager writes', () => {
    fc.assert(
      fc.property(liveArb, (live) => {
        expect(edgeOf(live)).toEqual({
          lastSegment: live.first + live.segments.length - 1,
          openParts: live.open,
          targetDuration: 1,
          ended: live.ended,
        });
      }),
    );
  });

  it('is null for what is not a media playlist with a target duration', () => {
    for (const text of [
      '',
      'not a playlist',
      '<html>#EXTM3U',
      '#EXTM3U\n#EXTINF:1,\na.ts\n',
      '#EXTM3U\n#EXT-X-TARGETDURATION:0\n',
      '#EXTM3U\n#EXT-X-TARGETDURATION:x\n',
      '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:-3\n',
    ]) {
      expect(playlistEdge(text), text).toBeNull();
    }
  });

  it('reads the fake packager’s first playlist: nothing yet, the first segment next', () => {
    const edge = playlistEdge('#EXTM3U\n#EXT-X-TARGETDURATION:1\n');
    expect(edge).toEqual({ lastSegment: -1, openParts: 0, targetDuration: 1, ended: false });
    if (!edge) return;
    expect(satisfies(edge, { msn: 0 })).toBe(false);
    expect(tooFarAhead(edge, { msn: 1 })).toBe(false);
    expect(tooFarAhead(edge, { msn: 2 })).toBe(true);
  });
});

describe('blocking request', () => {
  it('is answered by every part and segment the playlist lists, and by an ended playlist', () => {
    fc.assert(
      fc.property(liveArb, (live) => {
        const edge = edgeOf(live);
        live.segments.forEach((parts, i) => {
          const msn = live.first + i;
          expect(satisfies(edge, { msn })).toBe(true);
          for (let part = 0; part < parts + 2; part++) {
            expect(satisfies(edge, { msn, part })).toBe(true);
          }
        });
        const open = live.first + live.segments.length;
        for (let part = 0; part < live.open; part++) {
          expect(satisfies(edge, { msn: open, part })).toBe(true);
        }
        // The next part and the open segment itself are still to come, unless it ended.
        expect(satisfies(edge, { msn: open, part: live.open })).toBe(live.ended);
        expect(satisfies(edge, { msn: open })).toBe(live.ended);
        expect(satisfies(edge, { msn: open + 1, part: 0 })).toBe(live.ended);
      }),
    );
  });

  it('once answered stays answered as the playlist grows, and the next write answers the next part', () => {
    fc.assert(
      fc.property(
        liveArb.map((live) => ({ ...live, ended: false })),
        requestArb,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 20 }),
        (start, request, writes) => {
          let live = start;
          let answered = satisfies(edgeOf(live), request);
          for (const close of writes) {
            const edge = edgeOf(live);
            const next = { msn: edge.lastSegment + 1, part: edge.openParts };
            live = grow(live, close);
            expect(satisfies(edgeOf(live), next)).toBe(true);
            const now = satisfies(edgeOf(live), request);
            if (answered) expect(now).toBe(true);
            answered = now;
          }
        },
      ),
    );
  });

  it('refuses a segment more than two past the last, never once ended', () => {
    fc.assert(
      fc.property(liveArb, requestArb, (live, request) => {
        const edge = edgeOf(live);
        const last = live.first + live.segments.length - 1;
        expect(tooFarAhead(edge, request)).toBe(!live.ended && request.msn > last + 2);
        // A request far ahead is never one the playlist answers.
        if (tooFarAhead(edge, request)) expect(satisfies(edge, request)).toBe(false);
      }),
    );
  });
});
