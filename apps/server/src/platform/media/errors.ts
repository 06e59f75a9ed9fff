/**
 * The input is not something we can turn into a clip. Not worth retrying; `reason` is written for
 * the merchant and is what the clip list shows.
 */
export class MediaRejectedError extends Error {
  constructor(
    readonly reason: string,
    detail?: string,
  ) {
    super(detail ? `${reason} (${detail})` : reason);
    this.name = 'MediaRejectedError';
  }
}

export const NOT_A_VIDEO = 'The file is not a video we can read.';
export const PROCESSING_FAILED = 'We could not process this video. Please upload it again.';

/** ffmpeg or ffprobe exited with an error; `stderrTail` holds its last lines for the logs. */
export class MediaToolError extends Error {
  constructor(
    readonly tool: string,
    readonly exitCode: number | null,
    readonly signal: NodeJS.Signals | null,
    readonly stderrTail: string,
  ) {
    super(`${tool} failed (${signal ?? `exit ${exitCode}`})${stderrTail ? `: ${stderrTail}` : ''}`);
    this.name = 'MediaToolError';
  }
}

/** A tool ran past its time limit and was killed. */
export class MediaTimeoutError extends Error {
  constructor(
    readonly tool: string,
    readonly timeoutMs: number,
  ) {
    super(`${tool} ran longer than ${timeoutMs} ms and was killed`);
    this.name = 'MediaTimeoutError';
  }
}
