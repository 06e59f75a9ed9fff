import type { LiveMedia } from '@popstage/live';
import type { Config } from '../../config';

/**
 * The live service's media from the configuration: disk under `$DATA_DIR/live-media` (served at
 * /live-service/media) or S3 with LIVE_MEDIA_S3_BUCKET, ffmpeg packaging, and the RTMP server
 * with LIVE_RTMP_PORT. Issue 32's media part (`createLiveMedia` of @popstage/live) is joined here
 * at integration; until then no media means no live service in this process (tests pass theirs).
 */
export function appLiveMedia(_config: Config): LiveMedia | null {
  return null;
}
