import type { Config } from '../../config';
import type { Clock } from '../clock';
import { createLocalObjectStore } from './local-store';
import type { ObjectStore } from './port';
import { createS3ObjectStore } from './s3-store';

/** The media ObjectStore the configuration names (MEDIA_STORE): local disk or S3-compatible. */
export function createMediaStore(config: Config, clock: Clock): ObjectStore {
  if (config.MEDIA_STORE === 's3') {
    if (!config.S3_BUCKET) throw new Error('S3_BUCKET must be set when MEDIA_STORE=s3');
    return createS3ObjectStore({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? {
            credentials: {
              accessKeyId: config.S3_ACCESS_KEY_ID,
              secretAccessKey: config.S3_SECRET_ACCESS_KEY,
            },
          }
        : {}),
      clock,
    });
  }
  return createLocalObjectStore({
    root: config.MEDIA_DIR,
    baseUrl: config.MEDIA_BASE_URL,
    secret: config.MEDIA_SIGNING_SECRET,
    clock,
  });
}
