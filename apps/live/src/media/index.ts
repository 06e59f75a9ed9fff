/** The live service's media (issue 32): packaging, RTMP ingest and storage. */
export { createDiskStorage, createS3Storage, type DiskStorage } from '../storage';
export { CACHE, LIVE_WINDOW_SEGMENTS } from './hls-session';
export { createLiveMedia, type LiveMediaOptions } from './live-media';
export {
  type EdgeRequest,
  type PlaylistEdge,
  playlistEdge,
  satisfies,
  tooFarAhead,
} from './playlist-edge';
export * from './port';
export { createRtmpServer, type RtmpServerOptions, type RunningRtmpServer } from './rtmp';
