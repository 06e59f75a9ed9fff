/**
 * Cuts ffmpeg's continuous MPEG-TS output into LL-HLS partial segments and segments (RFC 8216bis
 * 4.4.4.9): the bundled 2018 ffmpeg's HLS muxer writes no parts, but its MPEG-TS muxer writes
 * every video frame as one PES, with the random-access flag on keyframes. So a cut at a video
 * PES start is a cut between frames, and a cut at a keyframe starts a segment (ffmpeg forces one
 * every segment). Parts are concatenations of whole 188-byte packets; a segment is its parts in
 * order, so the parts a low-latency player fetched and the segment a plain one fetches are the
 * same bytes.
 */

const PACKET = 188;
const SYNC = 0x47;
const CLOCK = 90_000;
const PTS_WRAP = 2 ** 33;
/** PMT stream types that carry video: MPEG-2, H.264, HEVC. */
const VIDEO_TYPES = new Set([0x02, 0x1b, 0x24]);

export interface TsPart {
  /** The segment's number (0, 1, ...) and the part's within it. */
  segment: number;
  index: number;
  bytes: Buffer;
  durationSeconds: number;
  /** Starts with a keyframe (and the stream's PAT and PMT): a player may start here. */
  independent: boolean;
  /** The segment's last part: the segment is complete with it. */
  endsSegment: boolean;
}

export interface TsPartitionerOptions {
  /** A part is cut at the first frame this long after its start (85 % of PART-TARGET). */
  partSeconds: number;
  /** A keyframe at least this long after a segment's start begins the next segment. */
  segmentSeconds: number;
  onPart(part: TsPart): void;
}

interface OpenPart {
  packets: Buffer[];
  startPts: number;
  lastPts: number;
  frames: number;
  independent: boolean;
}

/** A streaming partitioner: push() ffmpeg's stdout as it comes, end() when it has exited. */
export function createTsPartitioner(options: TsPartitionerOptions) {
  const { onPart } = options;
  let pending = Buffer.alloc(0);
  let pmtPid = -1;
  let videoPid = -1;
  let pat: Buffer | null = null;
  let pmt: Buffer | null = null;
  let segment = 0;
  let index = 0;
  let segmentStartPts = 0;
  let part: OpenPart | null = null;
  let lastRawPts = -1;
  let ptsOffset = 0;
  let frameSeconds = 1 / 30;

  /** The 33-bit PTS made monotonic across its wrap (every 26.5 hours). */
  const unwrap = (raw: number) => {
    if (lastRawPts >= 0 && raw + PTS_WRAP / 2 < lastRawPts) ptsOffset += PTS_WRAP;
    lastRawPts = raw;
    return raw + ptsOffset;
  };

  function close(nextPts: number | null, endsSegment: boolean): void {
    if (!part) return;
    const frames = Math.max(1, part.frames - 1);
    if (part.frames > 1) frameSeconds = (part.lastPts - part.startPts) / CLOCK / frames;
    const end = nextPts ?? part.lastPts + frameSeconds * CLOCK;
    const headers = part.independent && pat && pmt ? [pat, pmt] : [];
    onPart({
      segment,
      index,
      bytes: Buffer.concat([...headers, ...part.packets]),
      durationSeconds: Math.max(0, (end - part.startPts) / CLOCK),
      independent: part.independent,
      endsSegment,
    });
    part = null;
    if (endsSegment) {
      segment += 1;
      index = 0;
    } else {
      index += 1;
    }
  }

  function videoFrame(packet: Buffer, payload: number, keyframe: boolean): void {
    const pts = readPts(packet, payload);
    if (pts === null) {
      part?.packets.push(packet);
      return;
    }
    const at = unwrap(pts);
    if (!part) {
      // Before the first keyframe nothing can be decoded: dropped.
      if (segment === 0 && index === 0 && !keyframe) return;
      segmentStartPts = at;
    } else if (keyframe && at - segmentStartPts >= options.segmentSeconds * CLOCK) {
      close(at, true);
      segmentStartPts = at;
    } else if (at - part.startPts >= options.partSeconds * CLOCK) {
      close(at, false);
    }
    if (!part) part = { packets: [], startPts: at, lastPts: at, frames: 0, independent: keyframe };
    part.packets.push(packet);
    part.lastPts = at;
    part.frames += 1;
  }

  function packet(packet: Buffer): void {
    const pid = ((packet.readUInt8(1) & 0x1f) << 8) | packet.readUInt8(2);
    const start = (packet.readUInt8(1) & 0x40) !== 0;
    const control = (packet.readUInt8(3) >> 4) & 0x3;
    const adaptation = control & 0x2 ? packet.readUInt8(4) : -1;
    const payload = adaptation >= 0 ? 5 + adaptation : 4;
    if (pid === 0) {
      if (start && control & 0x1) {
        pat = packet;
        pmtPid = readPmtPid(packet, payload);
      }
      return;
    }
    if (pid === pmtPid) {
      if (start && control & 0x1) {
        pmt = packet;
        videoPid = readVideoPid(packet, payload);
      }
      return;
    }
    if (pid === videoPid && start && control & 0x1) {
      const randomAccess = adaptation > 0 && (packet.readUInt8(5) & 0x40) !== 0;
      videoFrame(packet, payload, randomAccess);
      return;
    }
    part?.packets.push(packet);
  }

  return {
    push(chunk: Buffer): void {
      let data = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let at = 0;
      while (data.length - at >= PACKET) {
        if (data.readUInt8(at) !== SYNC) {
          // Lost sync (never from ffmpeg): skip to the next sync byte.
          at += 1;
          continue;
        }
        // A view, not a copy: each pipe read is a buffer of its own, never reused.
        packet(data.subarray(at, at + PACKET));
        at += PACKET;
      }
      data = data.subarray(at);
      pending = Buffer.from(data);
    },
    /** The stream has ended: its last part (and segment) is emitted. */
    end(): void {
      close(null, true);
    },
  };
}

/** The program map's PID from a PAT packet (the first program that is not the network's). */
function readPmtPid(packet: Buffer, payload: number): number {
  const section = payload + 1 + packet.readUInt8(payload);
  const length = ((packet.readUInt8(section + 1) & 0x0f) << 8) | packet.readUInt8(section + 2);
  const end = Math.min(section + 3 + length - 4, PACKET);
  for (let at = section + 8; at + 4 <= end; at += 4) {
    const program = (packet.readUInt8(at) << 8) | packet.readUInt8(at + 1);
    if (program !== 0) return ((packet.readUInt8(at + 2) & 0x1f) << 8) | packet.readUInt8(at + 3);
  }
  return -1;
}

/** The first video stream's PID from a PMT packet. */
function readVideoPid(packet: Buffer, payload: number): number {
  const section = payload + 1 + packet.readUInt8(payload);
  const length = ((packet.readUInt8(section + 1) & 0x0f) << 8) | packet.readUInt8(section + 2);
  const end = Math.min(section + 3 + length - 4, PACKET);
  const infoLength =
    ((packet.readUInt8(section + 10) & 0x0f) << 8) | packet.readUInt8(section + 11);
  for (let at = section + 12 + infoLength; at + 5 <= end; ) {
    const type = packet.readUInt8(at);
    const pid = ((packet.readUInt8(at + 1) & 0x1f) << 8) | packet.readUInt8(at + 2);
    if (VIDEO_TYPES.has(type)) return pid;
    at += 5 + (((packet.readUInt8(at + 3) & 0x0f) << 8) | packet.readUInt8(at + 4));
  }
  return -1;
}

/** A PES header's PTS (90 kHz), or null when it has none. */
export function readPts(packet: Buffer, payload: number): number | null {
  if (
    packet.readUInt8(payload) !== 0 ||
    packet.readUInt8(payload + 1) !== 0 ||
    packet.readUInt8(payload + 2) !== 1
  )
    return null;
  if ((packet.readUInt8(payload + 7) & 0x80) === 0) return null;
  const p = payload + 9;
  return (
    ((packet.readUInt8(p) >> 1) & 0x07) * 2 ** 30 +
    packet.readUInt8(p + 1) * 2 ** 22 +
    (packet.readUInt8(p + 2) >> 1) * 2 ** 15 +
    packet.readUInt8(p + 3) * 2 ** 7 +
    (packet.readUInt8(p + 4) >> 1)
  );
}
