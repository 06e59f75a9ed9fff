export { createDiskStorage, type DiskStorage, type StoredObject } from './disk-storage';
export { contentTypeOf, isStorageKey } from './keys';
export { createS3Storage, type S3StorageOptions } from './s3-storage';
