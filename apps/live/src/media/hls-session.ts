import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { LIVE_SEGMENT_SECONDS } from '@popstage/core/live';
import { isStorageKey } from '../storage/keys';
import { type FfmpegRun, runFfmpeg, startFfmpeg } from './ffmpeg';
import { livePlaylist, parseSegments, type Segment, targetDuration, vodPlaylist } from './playlist';
import type { HlsSession, LiveStorage, ReplayMedia } from './port';
import { showMediaKeys } from './port';

/** Segments the live playlist names: ~6 s behind the edge is as far back as a viewer can seek. */
export const LIVE_WINDOW_SEGMENTS = 6;
/** How often the work dir is read for finished segments (the packaging latency's floor). */
const POLL_MS = 100;
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

function ffmpegArgs(source: HlsSource, dir: string, run: string): string[] {
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
    // Every segment stays in ffmpeg's playlist (the replay needs them all); the live window is
    // the service's own playlist. MPEG-TS segments: what every HLS player reads. The 2018
    // build's `temp_file` flag does nothing for a local path ("Cannot use rename on non file
    // protocol"), so its playlist is read as possibly torn (parseSegments).
    ...args(`-f hls -hls_time ${LIVE_SEGMENT_SECONDS} -hls_list_size 0 -hls_segment_type mpegts`),
    ...args('-hls_flags independent_segments -start_number 0'),
    ...['-hls_segment_filename', `file:${join(dir, `${run}-%05d.ts`)}`],
    `file:${join(dir, 'ffmpeg.m3u8')}`,
  ];
}

/**
 * One broadcast's packaging. ffmpeg writes segments and its own full playlist into a work dir;
 * a watcher reads that playlist every POLL_MS and, for each segment it newly names (ffmpeg
 * names a segment only once it has closed the file), stores the segment and only then a live
 * playlist naming it, so a viewer never gets a playlist naming a segment not yet stored.
 * Segment names carry a per-session run id: a second broadcast of the same show never
 * overwrites a segment a viewer of the first may be fetching.
 */
export function createHlsSession(options: HlsSessionOptions): HlsSession {
  const { showId, source, storage, ffmpegPath, onStored } = options;
  const keys = showMediaKeys(showId);
  if (!isStorageKey(keys.livePlaylist)) throw new Error(`Bad show id ${JSON.stringify(showId)}`);
  const run = randomBytes(4).toString('hex');
  const dir = join(options.workDir, `${showId}-${run}`);
  const segmentPattern = new RegExp(`^${run}-\\d{5,}\\.ts$`);
  const segmentKey = (name: string) => `shows/${showId}/live/${name}`;

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

  /** Stores newly finished segments, then the live playlist naming them. */
  async function storeNewSegments(ended: boolean): Promise<void> {
    const text = await readFile(join(dir, 'ffmpeg.m3u8'), 'utf8').catch(() => '');
    const named = parseSegments(text, (name) => segmentPattern.test(name));
    const fresh = named.slice(stored.length);
    for (const segment of fresh) {
      if (state === 'aborted') return;
      await put(
        segmentKey(segment.name),
        await readFile(join(dir, segment.name)),
        TS,
        CACHE.segment,
      );
      stored.push(segment);
    }
    if ((fresh.length === 0 && !ended) || stored.length === 0 || state === 'aborted') return;
    target = Math.max(target, targetDuration(stored));
    const playlist = livePlaylist(stored, { window: LIVE_WINDOW_SEGMENTS, target, ended });
    await put(keys.livePlaylist, Buffer.from(playlist), M3U8, CACHE.livePlaylist);
    resolveFirst();
  }

  // One pass at a time: a pass still storing when the next tick comes is not overlapped.
  let pass: Promise<void> = Promise.resolve();
  const pump = (ended = false) => {
    pass = pass.then(() =>
      storeNewSegments(ended).then(
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
  let ticking = false;
  const timer = setInterval(() => {
    if (ticking) return;
    ticking = true;
    void pump().finally(() => {
      ticking = false;
    });
  }, POLL_MS);

  const started = mkdir(dir, { recursive: true }).then(() => {
    if (state === 'aborted') return;
    const ffmpeg = startFfmpeg(ffmpegPath, ffmpegArgs(source, dir, run), {
      stdin: source.kind === 'webm-stdin',
    });
    void ffmpeg.exited.then(async ({ code, signal, log }) => {
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
    return ffmpeg;
  });
  started.catch((error) => rejectFirst(error));

  // The studio's chunks arrive before ffmpeg has started (mkdir): buffered by a pass-through.
  const input = source.kind === 'webm-stdin' ? createInput(started) : null;

  async function stopFfmpeg(): Promise<{ code: number | null; log: string }> {
    const run = await started;
    if (!run) return { code: null, log: '' };
    if (!run.hasExited()) {
      if (input) input.end();
      else run.signal('SIGINT');
    }
    const kill = setTimeout(() => run.signal('SIGKILL'), STOP_GRACE_MS);
    const exit = await run.exited;
    clearTimeout(kill);
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
        vodPlaylist(stored, (s) => s.name),
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
      const replay = Buffer.from(vodPlaylist(stored, (s) => `../live/${s.name}`));
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
      const run = await started.catch(() => undefined);
      run?.signal('SIGKILL');
      input?.destroy();
      await run?.exited;
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
