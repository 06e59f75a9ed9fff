import { join } from 'node:path';
import {
  createDiskStorage,
  createLiveMedia,
  createRtmpServer,
  createS3Storage,
  type LiveMedia,
  type LiveRtmp,
} from '@popstage/live';
import type { Config } from '../../config';
import { s3Connection } from '../storage/from-config';
import { ownLiveServiceUrl } from './own-live-service';

/**
 * The live service's media from the configuration: ffmpeg packages each broadcast into HLS on
 * disk under `$DATA_DIR/live-media` (served at /live-service/media), or in S3 with
 * LIVE_MEDIA_S3_BUCKET (viewers fetch it from LIVE_MEDIA_BASE_URL, a CDN in front of the bucket).
 */
export function appLiveMedia(config: Config): LiveMedia {
  const storage = config.LIVE_MEDIA_S3_BUCKET
    ? createS3Storage({
        bucket: config.LIVE_MEDIA_S3_BUCKET,
        baseUrl: config.LIVE_MEDIA_BASE_URL ?? '',
        client: s3Connection(config),
      })
    : createDiskStorage({
        dir: join(config.DATA_DIR, 'live-media'),
        publicBase: ownLiveServiceUrl(config),
      });
  return createLiveMedia({ storage, workDir: join(config.DATA_DIR, 'live-work') });
}

/**
 * RTMP ingest for streaming apps (OBS) when LIVE_RTMP_PORT is set: one process of a deployment
 * takes it (the port is this machine's), the others leave it unset.
 */
export function appLiveRtmp(config: Config, media: LiveMedia): LiveRtmp | null {
  const port = config.LIVE_RTMP_PORT;
  if (!port) return null;
  const host = config.LIVE_RTMP_HOST ?? new URL(config.APP_URL).hostname;
  return {
    url: `rtmp://${host}:${port}/live`,
    async start(hooks) {
      const running = createRtmpServer({ port, host: '0.0.0.0', media }).start(hooks);
      await running.listening;
      return running;
    },
  };
}
