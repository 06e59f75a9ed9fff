/** Video processing for Popclips: probe, plan, ffmpeg runs, and the clip pipeline. */
export { type MediaBinaries, mediaBinaries } from './binaries';
export {
  MediaRejectedError,
  MediaTimeoutError,
  MediaToolError,
  NOT_A_VIDEO,
  PROCESSING_FAILED,
} from './errors';
export { isRemux, type PlayablePlan, planPlayable } from './plan';
export { type ProbeResult, probe } from './probe';
export {
  OUTPUT_FILES,
  type PlayableOutput,
  type ProcessedVideo,
  type ProcessVideoOptions,
  processVideo,
} from './process-clip';
export { killRunningTools, QUICK_H264_AAC, type RunOptions, runFfmpeg } from './run';
export { jobWorkDir, sweepWorkDirs } from './work-dirs';
