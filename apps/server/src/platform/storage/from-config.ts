import type { Config } from '../../config';
import type { Clock } from '../clock';
import { createLocalObjectStore } from './local-store';
import type { ObjectStore } from './port';

/**
 * How to reach the S3-compatible service (S3_*), for the media store and the live service's
 * storage alike: region, endpoint, path-style addressing and keys (else the SDK's own chain).
 */
export const s3Connection = (config: Config) => ({
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
});

/** The media ObjectStore the configuration names (MEDIA_STORE): local disk or S3-compatible. */
export function createMediaStore(config: Config, clock: Clock): ObjectStore {
  if (config.MEDIA_STORE === 's3') {
    if (!config.S3_BUCKET) throw new Error('S3_BUCKET must be set when MEDIA_STORE=s3');
    const bucket = config.S3_BUCKET;
    return loadedOnFirstUse('s3', async () => {
      // The AWS SDK (tens of MB resident) loads with the first media operation, not at start.
      const { createS3ObjectStore } = await import('./s3-store');
      return createS3ObjectStore({ bucket, ...s3Connection(config), clock });
    });
  }
  return createLocalObjectStore({
    root: config.MEDIA_DIR,
    baseUrl: config.MEDIA_BASE_URL,
    secret: config.MEDIA_SIGNING_SECRET,
    clock,
  });
}

/** An ObjectStore made by `load` when one of its operations is first called. */
function loadedOnFirstUse(
  kind: ObjectStore['kind'],
  load: () => Promise<ObjectStore>,
): ObjectStore {
  let store: Promise<ObjectStore> | null = null;
  const loaded = () => {
    store ??= load();
    return store;
  };
  return {
    kind,
    putObject: async (...args) => (await loaded()).putObject(...args),
    getObject: async (...args) => (await loaded()).getObject(...args),
    headObject: async (...args) => (await loaded()).headObject(...args),
    deleteObject: async (...args) => (await loaded()).deleteObject(...args),
    deleteObjects: async (...args) => (await loaded()).deleteObjects(...args),
    deletePrefix: async (...args) => (await loaded()).deletePrefix(...args),
    createSignedUploadUrl: async (...args) => (await loaded()).createSignedUploadUrl(...args),
    createSignedDownloadUrl: async (...args) => (await loaded()).createSignedDownloadUrl(...args),
  };
}
