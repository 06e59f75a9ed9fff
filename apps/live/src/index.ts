/** The live service's public face (issue 32): what the app mounts. */
export type { LiveConnection } from './db/database';
export type { HlsSession, LiveMedia, LiveStorage, RtmpHooks } from './media/port';
export {
  type LiveRtmp,
  type LiveService,
  type LiveServiceOptions,
  openLiveService,
} from './service';
// Export point for the media (src/media, issue 32's other half): `createLiveMedia(config)` makes
// the LiveMedia (disk or S3 storage, ffmpeg packaging) and the RTMP server the app passes here.
