export { createMediaStore } from './from-config';
export * from './keys';
export { type LocalMediaRoutesOptions, localMediaRoutes } from './local-routes';
export {
  createLocalObjectStore,
  type LocalObjectStore,
  type LocalObjectStoreOptions,
  ObjectTooLargeError,
} from './local-store';
export * from './port';
export { createS3ObjectStore, type S3ObjectStore, type S3ObjectStoreOptions } from './s3-store';
export * from './sniff';
