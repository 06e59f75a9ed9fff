/** The live service's public face (issue 32): what the app mounts. */
export type { LiveConnection } from './db/database';
export {
  createDiskStorage,
  createLiveMedia,
  createRtmpServer,
  createS3Storage,
  playlistEdge,
} from './media';
export type { HlsSession, LiveMedia, LiveStorage, RtmpHooks } from './media/port';
export {
  type LiveRtmp,
  type LiveService,
  type LiveServiceOptions,
  openLiveService,
} from './service';
