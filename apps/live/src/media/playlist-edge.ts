/**
 * The live edge of a stored LL-HLS playlist (RFC 8216bis), for blocking playlist reload
 * (§6.2.5.2): which segment and part a player asking `_HLS_msn` / `_HLS_part` may have.
 */

export interface PlaylistEdge {
  /** The media sequence number of the last complete segment (one below the first when none). */
  lastSegment: number;
  /** The parts listed of the open segment (lastSegment + 1), after the last segment line. */
  openParts: number;
  /** Seconds (#EXT-X-TARGETDURATION). */
  targetDuration: number;
  /** #EXT-X-ENDLIST: the broadcast is over and the playlist final. */
  ended: boolean;
}

/** A player's delivery directives: the segment it asks for and, with parts, the part of it. */
export interface EdgeRequest {
  msn: number;
  part?: number | undefined;
}

/**
 * The live segment number may run this far ahead of the playlist's last segment before a request
 * is refused (RFC 8216bis §6.2.5.2: "plus two").
 */
const MSN_AHEAD_MAX = 2;

/** The edge of a playlist's text; null when it is not a media playlist with a target duration. */
export function playlistEdge(text: string): PlaylistEdge | null {
  if (!text.startsWith('#EXTM3U')) return null;
  let sequence = 0;
  let segments = 0;
  let openParts = 0;
  let targetDuration = Number.NaN;
  let ended = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (!line.startsWith('#')) {
      // A URI line closes a segment: the parts before it were that segment's.
      segments++;
      openParts = 0;
    } else if (line.startsWith('#EXT-X-PART:')) openParts++;
    else if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) sequence = integer(line);
    else if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDuration = integer(line);
    else if (line === '#EXT-X-ENDLIST') ended = true;
  }
  // A target of 0 would make a player's hold time nothing.
  if (!(targetDuration >= 1) || !Number.isFinite(sequence)) return null;
  return { lastSegment: sequence + segments - 1, openParts, targetDuration, ended };
}

const integer = (line: string) => {
  const value = line.slice(line.indexOf(':') + 1);
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
};

/**
 * Whether the playlist answers the request: it has segment `msn` complete (or a later one), or,
 * with `part`, that part of the open segment `msn`. An ended playlist answers every request.
 */
export function satisfies(edge: PlaylistEdge, request: EdgeRequest): boolean {
  if (edge.ended || request.msn <= edge.lastSegment) return true;
  return (
    request.part !== undefined &&
    request.msn === edge.lastSegment + 1 &&
    request.part < edge.openParts
  );
}

/** A request for a segment too far past the edge to wait for (400 per RFC 8216bis). */
export function tooFarAhead(edge: PlaylistEdge, request: EdgeRequest): boolean {
  return !edge.ended && request.msn > edge.lastSegment + MSN_AHEAD_MAX;
}
