import { statSync } from 'node:fs';
import { MediaRejectedError, MediaToolError, NOT_A_VIDEO } from './errors';
import { runTool } from './run';

export interface ProbeResult {
  durationSeconds: number;
  /** Coded size; `rotation` says whether players show it turned. */
  width: number;
  height: number;
  /** Clockwise degrees a player turns the picture: 0, 90, 180 or 270. */
  rotation: 0 | 90 | 180 | 270;
  videoCodec: string;
  audioCodec: string | null;
  /** The audio stream's bits per second; null when there is none or the container does not say. */
  audioBitRate: number | null;
  pixelFormat: string;
  /** Whole-file bits per second; null when the container does not say. */
  bitRate: number | null;
  /** ffprobe's demuxer names, e.g. 'mov,mp4,m4a,3gp,3g2,mj2'. */
  formatName: string;
  sizeBytes: number;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  duration?: string;
  bit_rate?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number | string }[];
}
interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string; bit_rate?: string; size?: string };
}

// Still-image demuxers: a photo probes as a one-frame video stream.
const IMAGE_FORMAT = /(^|,)(image2|[a-z0-9]+_pipe|gif|webp)(,|$)/;

export async function probe(
  input: string,
  options: { signal?: AbortSignal } = {},
): Promise<ProbeResult> {
  let stdout: string;
  try {
    ({ stdout } = await runTool(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input],
      { captureStdout: true, signal: options.signal, timeoutMs: 30_000 },
    ));
  } catch (error) {
    // ffprobe refusing the file is the file's fault; anything else (missing binary...) is ours.
    if (error instanceof MediaToolError) throw new MediaRejectedError(NOT_A_VIDEO, error.message);
    throw error;
  }
  return parseProbe(JSON.parse(stdout) as FfprobeOutput, statSync(input).size);
}

/** ffprobe's JSON to a ProbeResult; throws MediaRejectedError for anything that is not a video. */
export function parseProbe(output: FfprobeOutput, sizeBytes: number): ProbeResult {
  const streams = output.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const formatName = output.format?.format_name ?? '';
  const durationSeconds = positive(output.format?.duration) ?? positive(video?.duration);
  if (!video?.codec_name || !video.width || !video.height) {
    throw new MediaRejectedError(NOT_A_VIDEO, 'no video stream');
  }
  if (IMAGE_FORMAT.test(formatName) || durationSeconds === undefined) {
    throw new MediaRejectedError(NOT_A_VIDEO, `still image or no duration (${formatName})`);
  }
  return {
    durationSeconds,
    width: video.width,
    height: video.height,
    rotation: rotationOf(video),
    videoCodec: video.codec_name,
    audioCodec: audio?.codec_name ?? null,
    audioBitRate: positive(audio?.bit_rate) ?? null,
    pixelFormat: video.pix_fmt ?? 'unknown',
    bitRate: positive(output.format?.bit_rate) ?? null,
    formatName,
    sizeBytes,
  };
}

/** Newer ffprobe reports a display matrix (counter-clockwise degrees), older a `rotate` tag. */
function rotationOf(stream: FfprobeStream): ProbeResult['rotation'] {
  const matrix = stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation;
  const degrees = matrix !== undefined ? -Number(matrix) : Number(stream.tags?.rotate ?? 0);
  const normalised = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return normalised as ProbeResult['rotation'];
}

function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}
