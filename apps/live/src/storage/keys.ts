/**
 * A storage key is a relative, slash-separated path. Keys come from show ids the service made,
 * but the disk store turns them into file paths and the media route takes them from URLs, so
 * anything that could leave the store's directory (.., absolute paths, backslashes, empty or
 * hidden segments, which the disk store uses for its own temp and metadata files) is refused.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function isStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && segment !== '..');
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}

/** A prefix is a key that ends in '/' (a folder): `shows/abc/`. */
export function assertStoragePrefix(prefix: string): void {
  if (!prefix.endsWith('/') || !isStorageKey(prefix.slice(0, -1))) {
    throw new Error(`Not a storage prefix: ${JSON.stringify(prefix)}`);
  }
}

/** Media types by extension, for stores that do not keep each object's own. */
export function contentTypeOf(key: string): string {
  if (key.endsWith('.m3u8')) return 'application/vnd.apple.mpegurl';
  if (key.endsWith('.ts')) return 'video/mp2t';
  if (key.endsWith('.mp4')) return 'video/mp4';
  if (key.endsWith('.m4s')) return 'video/iso.segment';
  return 'application/octet-stream';
}
