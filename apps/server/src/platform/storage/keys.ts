import { sanitizeFileName } from '@popstage/core/popclips';
import { InvalidObjectKeyError } from './port';

/**
 * Object keys are built by the server, never taken from a request as they are: segments of
 * letters, digits, '.', '_' and '-' that start with a letter or digit (so no '..', no dot files,
 * no absolute paths), at most 1024 characters, which keeps them safe as file paths and URLs.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const MAX_KEY_LENGTH = 1024;

export function isValidObjectKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && key.split('/').every((segment) => SEGMENT.test(segment));
}

export function assertValidObjectKey(key: string): string {
  if (!isValidObjectKey(key)) throw new InvalidObjectKeyError(key);
  return key;
}

/**
 * A key under the given folders for an uploaded file: the stored file name keeps only
 * alphanumerics (plus its extension), e.g. ['shops', id, 'clips', clipId] + 'My clip!.MOV' →
 * 'shops/<id>/clips/<clipId>/Myclip.mov'.
 */
export function uploadObjectKey(folders: readonly string[], fileName: string): string {
  return assertValidObjectKey([...folders, sanitizeFileName(fileName)].join('/'));
}

/** A folder of keys ('shops/<id>/'): a valid key followed by '/'. */
export function assertValidKeyPrefix(prefix: string): string {
  if (!prefix.endsWith('/') || !isValidObjectKey(prefix.slice(0, -1))) {
    throw new InvalidObjectKeyError(prefix);
  }
  return prefix;
}
