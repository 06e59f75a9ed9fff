import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { LIVE_SEGMENT_SECONDS } from '@popstage/core/live';
import { isStorageKey } from '../storage/keys';
import { type FfmpegRun, runFfmpeg, startFfmpeg } from './ffmpeg';
import { livePlaylist, type Part, type Segment, targetDuration, vodPlaylist } from './playlist';
import type { HlsSession, LiveStorage, ReplayMedia } from './port';
import { showMediaKeys } from './port';
import { createTsPartitioner, type TsPart } from './ts-parts';

/** Segments the live playlist names: ~6 s behind the edge is as far back as a viewer can seek. */
export const LIVE_WINDOW_SEGMENTS = 6;
/**
 * LL-HLS parts: at most PART_TARGET_SECONDS, cut at the first frame PART_MIN_SHARE of it after a
 * part's start (RFC 8216bis asks at least 85 %), so about 0.43 s at 30 fps: a player fetches a
 * frame about that long after ffmpeg made it, instead of after its whole segment.
 */
export const PART_TARGET_SECONDS = 0.5;
const PART_MIN_SHARE = 0.85;
/** How far behind the last part players start: twice the part target, the RFC's least. */
export const PART_HOLD_BACK_SECONDS = 2 * PART_TARGET_SECONDS;
/** A graceful stop that takes longer than this is killed (the replay keeps what was written). */
const STOP_GRACE_MS = 20_000;

export const CACHE = {
  /** Viewers (and the CDN) re-fetch the live playlist every segment. */
  livePlaylist: 'public, max-age=1',
  /** A segment never changes once stored. */
  segment: 'public, max-age=31536000, immutable',
  /** The replay is fixed once made, and deleted with the show after 3 months. */
  replay: 'public, max-age=86400',
} as const;

const TS = 'video/mp2t';
const M3U8 = 'application/vnd.apple.mpegurl';

/** The end's stores are tried this often, RETRY_MS more apart each time, before finish fails. */
const FINAL_ATTEMPTS = 4;
const RETRY_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function retry<T>(action: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await action();
    } catch (error) {
      if (attempt >= FINAL_ATTEMPTS) throw error;
      await sleep(RETRY_MS * attempt);
    }
  }
}

/** What ffmpeg reads: the studio's WebM on stdin, or the RTMP server's stream. */
export type HlsSource =
  | { kind: 'webm-stdin' }
  | {
      kind: 'rtmp';
      url: string;
      /** H.264 video is copied; anything else is encoded. */
      copyVideo: boolean;
    };

export interface HlsSessionOptions {
  showId: string;
  source: HlsSource;
  storage: LiveStorage;
  ffmpegPath: string;
  /** A directory of this process's own; the session works in a fresh folder under it. */
  workDir: string;
  /** Observes each stored object (tests and the latency bench). */
  onStored?: (key: string) => void;
}

/** An argument list written as ffmpeg's documentation does (no argument holds a space). */
const args = (text: string) => text.split(' ');

const VIDEO_H264 = [
  ...args('-c:v libx264 -preset veryfast -tune zerolatency -pix_fmt yuv420p'),
  // At most 720p: a phone or webcam may send more than viewers need.
  ...args("-vf scale=-2:'min(720,ih)'"),
  // A keyframe every segment, so each segment starts with one and cuts happen on time.
  ...args(`-force_key_frames expr:gte(t,n_forced*${LIVE_SEGMENT_SECONDS}) -sc_threshold 0`),
  // MediaRecorder's frames come at a variable rate with millisecond timestamps: keep them as
  // they are (a constant rate would duplicate frames to fill ffmpeg's guessed 1000 fps).
  ...args('-vsync vfr'),
];
const AUDIO_AAC = [
  ...args('-c:a aac -b:a 128k -ar 48000 -ac 2'),
  // Browser audio has gaps and jitter: stretched or padded to the timeline, never drifting.
  ...args('-af aresample=async=1000'),
];

function ffmpegArgs(source: HlsSource): string[] {
  // No `-fflags nobuffer`: it hands the decoder the probe's packets out of order, and the
  // first second of VP8 is lost ("interframe without a prior keyframe").
  const input = source.kind === 'webm-stdin' ? args('-f matroska -i pipe:0') : ['-i', source.url];
  const video = source.kind === 'rtmp' && source.copyVideo ? args('-c:v copy') : VIDEO_H264;
  return [
    ...args('-hide_banner -nostats -loglevel error -y -probesize 500000 -analyzeduration 1000000'),
    ...input,
    // The first video and, when there is one, the first audio (a studio without a microphone).
    ...args('-map 0:v:0 -map 0:a:0?'),
    ...video,
    ...AUDIO_AAC,
    ...args('-max_muxing_queue_size 1024'),
    // One MPEG-TS stream on stdout, each packet written as it is made: ts-parts.ts cuts it into
    // parts and segments (the bundled 2018 ffmpeg's HLS muxer writes no LL-HLS parts). Each
    // audio frame is written at once, beside the video of its time (the muxer's default holds
    // audio up to 0.35 s, which put a part's audio in the next part and made hls.js see holes).
    ...args('-muxdelay 0 -pes_payload_size 0 -flush_packets 1 -f mpegts pipe:1'),
  ];
}

/**
 * One broadcast's packaging. ffmpeg writes one MPEG-TS stream to stdout; ts-parts.ts cuts it
 * into parts (about PART_SECONDS) and 1 s segments. Each part is stored as it closes, each
 * segment (its parts' bytes) when its last part does, and only then the live playlist naming
 * them, so a viewer never gets a playlist naming a file not yet stored. A failed store is
 * retried (a storage hiccup), in order. Names carry a per-session run id: a second broadcast of
 * the same show never overwrites a file a viewer of the first may be fetching.
 */
export function createHlsSession(options: HlsSessionOptions): HlsSession {
  const { showId, source, storage, ffmpegPath, onStored } = options;
  const keys = showMediaKeys(showId);
  if (!isStorageKey(keys.livePlaylist)) throw new Error(`Bad show id ${JSON.stringify(showId)}`);
  const run = randomBytes(4).toString('hex');
  const dir = join(options.workDir, `${showId}-${run}`);
  const fileKey = (name: string) => `shows/${showId}/live/${name}`;
  const segmentName = (segment: number) => `${run}-${String(segment).padStart(5, '0')}.ts`;
  const partName = (part: TsPart) =>
    `${run}-${String(part.segment).padStart(5, '0')}.${part.index}.ts`;

  /** Parts cut but not yet stored, in order. */
  const pending: TsPart[] = [];
  /** The open segment's stored parts, with their bytes (the segment is their concatenation). */
  let open: { part: Part; bytes: Buffer }[] = [];
  const stored: Segment[] = [];
  let target = 1;
  let state: 'live' | 'finishing' | 'aborted' | 'done' = 'live';
  let lastError: unknown;
  // A function, not a comparison: the state changes while finish() awaits.
  const aborted = () => state === 'aborted';

  let resolveFirst!: () => void;
  let rejectFirst!: (error: unknown) => void;
  let firstDone = false;
  const firstSegment = new Promise<void>((resolve, reject) => {
    resolveFirst = () => {
      firstDone = true;
      resolve();
    };
    rejectFirst = (error) => {
      if (firstDone) return;
      firstDone = true;
      reject(error);
    };
  });
  // Callers may never await it (an aborted broadcast): not an unhandled rejection then.
  firstSegment.catch(() => {});

  const put = async (
    key: string,
    body: Parameters<LiveStorage['put']>[1],
    contentType: string,
    cacheControl: string,
  ) => {
    await storage.put(key, body, { contentType, cacheControl });
    onStored?.(key);
  };

  /** Stores one cut part (and its segment when it ends one); state changes only once stored. */
  async function storePart(cut: TsPart): Promise<void> {
    const part: Part = {
      name: partName(cut),
      durationSeconds: cut.durationSeconds,
      independent: cut.independent,
    };
    await put(fileKey(part.name), cut.bytes, TS, CACHE.segment);
    if (!cut.endsSegment) {
      open.push({ part, bytes: cut.bytes });
      return;
    }
    const parts = [...open, { part, bytes: cut.bytes }];
    const name = segmentName(cut.segment);
    const bytes = Buffer.concat(parts.map((p) => p.bytes));
    // Kept in the work dir too: the replay MP4 is remuxed from these at the end.
    await writeFile(join(dir, name), bytes);
    await put(fileKey(name), bytes, TS, CACHE.segment);
    const durationSeconds = parts.reduce((sum, p) => sum + p.part.durationSeconds, 0);
    stored.push({ name, durationSeconds, parts: parts.map((p) => p.part) });
    open = [];
  }

  /** Stores the parts cut so far, then the live playlist naming them. */
  async function storeNew(ended: boolean): Promise<void> {
    let fresh = false;
    while (pending.length > 0) {
      if (aborted()) return;
      await storePart(pending[0] as TsPart);
      pending.shift();
      fresh = true;
    }
    if ((!fresh && !ended) || stored.length + open.length === 0 || aborted()) return;
    // A live playlist always ends with an open segment's part: one ending on a whole segment
    // throws hls.js's part timing off (stalls, parts loaded out of order). A segment's last
    // part (about 0.13 s) is published with the next segment's first.
    if (!ended && open.length === 0) return;
    target = Math.max(target, targetDuration(stored));
    const playlist = livePlaylist(stored, {
      window: LIVE_WINDOW_SEGMENTS,
      target,
      ended,
      uri: (name) => storage.url(fileKey(name)),
      lowLatency: {
        partTargetSeconds: PART_TARGET_SECONDS,
        partHoldBackSeconds: PART_HOLD_BACK_SECONDS,
        open: open.map((p) => p.part),
      },
    });
    await put(keys.livePlaylist, Buffer.from(playlist), M3U8, CACHE.livePlaylist);
    if (stored.length > 0) resolveFirst();
  }

  // One pass at a time: a pass still storing when the next comes is not overlapped.
  let pass: Promise<void> = Promise.resolve();
  const pump = (ended = false) => {
    pass = pass.then(() =>
      storeNew(ended).then(
        () => {
          lastError = undefined;
        },
        (error) => {
          // Retried next tick (a storage hiccup); finish() reports it if it persists.
          lastError = error;
        },
      ),
    );
    return pass;
  };
  // Each part is stored as it is cut; the timer only retries what a hiccup left.
  const timer = setInterval(() => {
    if (pending.length > 0 && lastError !== undefined) void pump();
  }, RETRY_MS);

  const partitioner = createTsPartitioner({
    partSeconds: PART_TARGET_SECONDS * PART_MIN_SHARE,
    segmentSeconds: LIVE_SEGMENT_SECONDS * 0.9,
    onPart(part) {
      if (aborted()) return;
      pending.push(part);
      void pump();
    },
  });

  const started = mkdir(dir, { recursive: true }).then(() => {
    if (state === 'aborted') return;
    const ffmpeg = startFfmpeg(ffmpegPath, ffmpegArgs(source), {
      stdin: source.kind === 'webm-stdin',
      stdout: true,
    });
    const output = ffmpeg.child.stdout;
    // All of stdout is read before the end is cut: its last part closes the last segment.
    const drained = new Promise<void>((resolve) => {
      if (!output) return resolve();
      output.on('data', (chunk: Buffer) => partitioner.push(chunk));
      output.on('close', () => resolve());
      output.on('error', () => resolve());
    });
    void Promise.all([ffmpeg.exited, drained]).then(async ([{ code, signal, log }]) => {
      partitioner.end();
      // Whatever it wrote before it stopped is stored; the live window stays until finish().
      await pump();
      if (stored.length === 0) {
        rejectFirst(
          new Error(
            `ffmpeg stopped before the first segment (${signal ?? `exit ${code}`}): ${log}`,
          ),
        );
      }
    });
    return { ffmpeg, drained };
  });
  started.catch((error) => rejectFirst(error));

  // The studio's chunks arrive before ffmpeg has started (mkdir): buffered by a pass-through.
  const input =
    source.kind === 'webm-stdin' ? createInput(started.then((run) => run?.ffmpeg)) : null;

  async function stopFfmpeg(): Promise<{ code: number | null; log: string }> {
    const running = await started;
    if (!running) return { code: null, log: '' };
    const { ffmpeg, drained } = running;
    if (!ffmpeg.hasExited()) {
      if (input) input.end();
      else ffmpeg.signal('SIGINT');
    }
    const kill = setTimeout(() => ffmpeg.signal('SIGKILL'), STOP_GRACE_MS);
    const exit = await ffmpeg.exited;
    await drained;
    clearTimeout(kill);
    // The last part, now (the exit handler does the same; the second call finds nothing open).
    partitioner.end();
    return exit;
  }
  let finishing: Promise<ReplayMedia> | undefined;
  async function finish(): Promise<ReplayMedia> {
    if (state === 'aborted') throw new Error('The broadcast was aborted');
    state = 'finishing';
    try {
      const exit = await stopFfmpeg();
      clearInterval(timer);
      // The last segments and the ended playlist, retried through a storage hiccup.
      for (let attempt = 1; attempt <= FINAL_ATTEMPTS; attempt++) {
        await pump(true);
        if (lastError === undefined || aborted()) break;
        if (attempt < FINAL_ATTEMPTS) await sleep(RETRY_MS * attempt);
      }
      if (aborted()) throw new Error('The broadcast was aborted');
      if (lastError !== undefined) throw lastError;
      if (stored.length === 0) {
        throw new Error(`The broadcast has no video (ffmpeg exit ${exit.code}): ${exit.log}`);
      }
      rejectFirst(new Error('The broadcast ended'));
      const durationSeconds = stored.reduce((sum, s) => sum + s.durationSeconds, 0);
      // The replay MP4: the segments remuxed (no re-encode), its index first so it plays as
      // it downloads.
      const local = join(dir, 'replay.m3u8');
      await writeFile(
        local,
        vodPlaylist(stored, (name) => name),
      );
      const mp4 = join(dir, 'replay.mp4');
      await runFfmpeg(ffmpegPath, [
        ...args('-hide_banner -nostats -loglevel error -y'),
        ...['-i', `file:${local}`],
        ...args('-c copy -bsf:a aac_adtstoasc -movflags +faststart'),
        `file:${mp4}`,
      ]);
      if (aborted()) throw new Error('The broadcast was aborted');
      await retry(() => put(keys.replayMp4, createReadStream(mp4), 'video/mp4', CACHE.replay));
      const replay = Buffer.from(vodPlaylist(stored, (name) => `../live/${name}`));
      await retry(() => put(keys.replayPlaylist, replay, M3U8, CACHE.replay));
      state = 'done';
      return { durationSeconds: Math.round(durationSeconds * 1000) / 1000 };
    } finally {
      clearInterval(timer);
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    input,
    firstSegment,
    finish() {
      finishing ??= finish();
      return finishing;
    },
    async abort() {
      if (state === 'aborted' || state === 'done') return;
      state = 'aborted';
      clearInterval(timer);
      rejectFirst(new Error('The broadcast was aborted'));
      const running = await started.catch(() => undefined);
      running?.ffmpeg.signal('SIGKILL');
      input?.destroy();
      await running?.ffmpeg.exited;
      // A pass mid-put finishes that put; nothing is stored after abort() resolves.
      await pass;
      await finishing?.catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The studio's WebM goes through a pass-through into ffmpeg's stdin: chunks written before
 * ffmpeg has started wait in it, and once ffmpeg has exited (or the session was aborted) later
 * chunks are dropped rather than erroring the writer.
 */
function createInput(started: Promise<FfmpegRun | undefined>): PassThrough {
  const input = new PassThrough();
  input.on('error', () => {});
  const drop = () => {
    input.unpipe();
    input.resume();
  };
  started.then((run) => {
    if (!run?.child.stdin) return drop();
    input.pipe(run.child.stdin);
    void run.exited.then(drop);
  }, drop);
  return input;
}
