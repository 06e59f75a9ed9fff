/**
 * HLS playlists. ffmpeg writes its own (every segment, in the work dir, rewritten in place: the
 * 2018 build cannot rename playlists into place); the service reads it only for the segments
 * it names, and writes the playlists viewers get itself, naming only segments already stored.
 */

export interface Segment {
  /** The file name in the work dir (and under the show's live/ key). */
  name: string;
  durationSeconds: number;
}

/**
 * The segments a playlist names, in order. Only complete entries count: an #EXTINF line, then a
 * name that matches `isSegmentName` and ends in a newline, so a playlist read while ffmpeg
 * rewrites it yields a prefix of the segments, never a torn name.
 */
export function parseSegments(text: string, isSegmentName: (name: string) => boolean): Segment[] {
  const segments: Segment[] = [];
  const lines = text.split('\n');
  // The last element follows the last newline: incomplete.
  lines.pop();
  let duration: number | undefined;
  for (const raw of lines) {
    const line = raw.trim();
    const extinf = /^#EXTINF:([0-9.]+)/.exec(line);
    if (extinf) {
      duration = Number(extinf[1]);
      continue;
    }
    if (line.startsWith('#') || line === '') continue;
    if (duration === undefined || !Number.isFinite(duration) || !isSegmentName(line)) break;
    segments.push({ name: line, durationSeconds: duration });
    duration = undefined;
  }
  return segments;
}

/** The target duration: every segment's duration, rounded, fits in it (RFC 8216 4.3.3.1). */
export function targetDuration(segments: readonly Segment[], floor = 1): number {
  return segments.reduce((max, s) => Math.max(max, Math.round(s.durationSeconds)), floor);
}

function render(options: {
  segments: readonly Segment[];
  mediaSequence: number;
  target: number;
  vod: boolean;
  ended: boolean;
  uri: (segment: Segment) => string;
}): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${options.target}`,
    `#EXT-X-MEDIA-SEQUENCE:${options.mediaSequence}`,
    ...(options.vod ? ['#EXT-X-PLAYLIST-TYPE:VOD'] : []),
    // Every segment starts with a keyframe (forced each second), so a player may start anywhere.
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (const segment of options.segments) {
    lines.push(`#EXTINF:${segment.durationSeconds.toFixed(6)},`, options.uri(segment));
  }
  if (options.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/**
 * The live playlist: the last `window` stored segments (a sliding window, so it stays small
 * however long the show runs), ended with #EXT-X-ENDLIST once the broadcast is over.
 */
export function livePlaylist(
  stored: readonly Segment[],
  options: { window: number; target: number; ended: boolean },
): string {
  const first = Math.max(0, stored.length - options.window);
  return render({
    segments: stored.slice(first),
    mediaSequence: first,
    target: options.target,
    vod: false,
    ended: options.ended,
    uri: (segment) => segment.name,
  });
}

/** The replay: every segment, as a VOD playlist; `uri` says where each is from the playlist. */
export function vodPlaylist(segments: readonly Segment[], uri: (segment: Segment) => string) {
  return render({
    segments,
    mediaSequence: 0,
    target: targetDuration(segments),
    vod: true,
    ended: true,
    uri,
  });
}
