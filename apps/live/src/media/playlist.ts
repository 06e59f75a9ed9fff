/**
 * HLS playlists, written by the service itself (ffmpeg writes one continuous MPEG-TS stream that
 * ts-parts.ts cuts): the live one names only parts and segments already stored.
 */

export interface Part {
  /** The file name under the show's live/ key. */
  name: string;
  durationSeconds: number;
  independent: boolean;
}

export interface Segment {
  /** The file name in the work dir (and under the show's live/ key). */
  name: string;
  durationSeconds: number;
  /** Its partial segments, in order (their bytes, concatenated, are the segment's). */
  parts: readonly Part[];
}

/** LL-HLS (RFC 8216bis): the parts' target, and how far behind the edge players start. */
export interface LowLatency {
  partTargetSeconds: number;
  partHoldBackSeconds: number;
  /** The parts of the segment still being written. */
  open: readonly Part[];
}

/**
 * Parts are listed for this many of the last segments: a server must keep those less than three
 * target durations from the end (RFC 8216bis 6.2.2); older ones only make the playlist longer.
 */
const SEGMENTS_WITH_PARTS = 3;

/** The target duration: every segment's duration, rounded, fits in it (RFC 8216 4.3.3.1). */
export function targetDuration(segments: readonly Pick<Segment, 'durationSeconds'>[], floor = 1) {
  return segments.reduce((max, s) => Math.max(max, Math.round(s.durationSeconds)), floor);
}

const seconds = (value: number) => value.toFixed(6);

function partLine(part: Part, uri: (name: string) => string): string {
  const independent = part.independent ? ',INDEPENDENT=YES' : '';
  return `#EXT-X-PART:DURATION=${seconds(part.durationSeconds)},URI="${uri(part.name)}"${independent}`;
}

function render(options: {
  segments: readonly Segment[];
  mediaSequence: number;
  target: number;
  vod: boolean;
  ended: boolean;
  uri: (name: string) => string;
  lowLatency?: LowLatency;
}): string {
  const { lowLatency, uri, segments } = options;
  const lines = [
    '#EXTM3U',
    `#EXT-X-VERSION:${lowLatency ? 6 : 3}`,
    `#EXT-X-TARGETDURATION:${options.target}`,
    ...(lowLatency
      ? [
          // The live service holds a request with _HLS_msn/_HLS_part until that part is stored.
          `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${lowLatency.partHoldBackSeconds.toFixed(3)}`,
          `#EXT-X-PART-INF:PART-TARGET=${lowLatency.partTargetSeconds.toFixed(3)}`,
        ]
      : []),
    `#EXT-X-MEDIA-SEQUENCE:${options.mediaSequence}`,
    ...(options.vod ? ['#EXT-X-PLAYLIST-TYPE:VOD'] : []),
    // Every segment starts with a keyframe, so a player may start at any segment.
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  segments.forEach((segment, i) => {
    if (lowLatency && i >= segments.length - SEGMENTS_WITH_PARTS) {
      for (const part of segment.parts) lines.push(partLine(part, uri));
    }
    lines.push(`#EXTINF:${seconds(segment.durationSeconds)},`, uri(segment.name));
  });
  if (lowLatency && !options.ended)
    for (const part of lowLatency.open) lines.push(partLine(part, uri));
  if (options.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/**
 * The live playlist: the last `window` stored segments (a sliding window, so it stays small
 * however long the show runs), with their parts and the open segment's when low-latency, ended
 * with #EXT-X-ENDLIST once the broadcast is over. `uri` says where each file is.
 */
export function livePlaylist(
  stored: readonly Segment[],
  options: {
    window: number;
    target: number;
    ended: boolean;
    uri: (name: string) => string;
    lowLatency?: LowLatency;
  },
): string {
  const first = Math.max(0, stored.length - options.window);
  return render({ ...options, segments: stored.slice(first), mediaSequence: first, vod: false });
}

/** The replay: every segment, as a VOD playlist; `uri` says where each is from the playlist. */
export function vodPlaylist(segments: readonly Segment[], uri: (name: string) => string) {
  return render({
    segments,
    mediaSequence: 0,
    target: targetDuration(segments),
    vod: true,
    ended: true,
    uri,
  });
}
