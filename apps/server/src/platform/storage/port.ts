import type { Readable } from 'node:stream';

/**
 * ObjectStore: where clip media (videos, thumbnails, GIFs) live. Adapters: local disk with
 * HMAC-signed URLs served by this server (default), and S3-compatible storage (presigned URLs).
 * Keys are validated by keys.ts: slash-separated segments of letters, digits, '.', '_', '-'.
 */

export type ObjectBody = Readable | Uint8Array | string;

export interface PutObjectOptions {
  contentType: string;
  /** Known length of a stream body; lets S3 take it in one request. */
  contentLength?: number;
}

export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  lastModified: Date;
}

/** Inclusive byte offsets, as in HTTP Range; end defaults to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface ObjectStream extends ObjectInfo {
  body: Readable;
  /** The bytes the body holds (inclusive) when a range was asked for; size is the whole object's. */
  range: { start: number; end: number } | null;
}

export interface SignedUploadOptions {
  /** The Content-Type the upload must carry (signed). */
  contentType: string;
  /**
   * Largest body accepted. The local adapter enforces it while streaming (413). S3 cannot cap a
   * presigned PUT: it enforces only contentLength. Check the object with headObject after upload.
   */
  maxBytes: number;
  /** The exact length declared by the client (fileMeta.size); signed when given, ≤ maxBytes. */
  contentLength?: number;
  /** Seconds the URL stays valid. */
  expiresIn: number;
}

export interface SignedDownloadOptions {
  expiresIn: number;
}

export interface SignedUrl {
  url: string;
  method: 'PUT' | 'GET';
  /** Headers the request must send as they are (Content-Type for uploads). */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  putObject(key: string, body: ObjectBody, options: PutObjectOptions): Promise<void>;
  /** null when there is no such object. */
  getObject(key: string, options?: { range?: ByteRange }): Promise<ObjectStream | null>;
  headObject(key: string): Promise<ObjectInfo | null>;
  /** Deleting a missing object is not an error. */
  deleteObject(key: string): Promise<void>;
  deleteObjects(keys: readonly string[]): Promise<void>;
  /**
   * Deletes every object whose key starts with `prefix`, which must end with '/' and be a valid
   * key before it (so never the whole store); answers how many went. Objects written meanwhile
   * under the prefix may survive.
   */
  deletePrefix(prefix: string): Promise<number>;
  createSignedUploadUrl(key: string, options: SignedUploadOptions): Promise<SignedUrl>;
  createSignedDownloadUrl(key: string, options: SignedDownloadOptions): Promise<SignedUrl>;
}

export class InvalidObjectKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid object key: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

/** The range starts at or after the end of the object. */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`Range not satisfiable (object size ${size})`);
  }
}

/**
 * Signed GET URLs in clip answers (admin, storefront, share pages) stay valid this long: the
 * admin refetches far sooner, the storefront feed is cached for a minute.
 */
export const MEDIA_URL_SECONDS = 6 * 60 * 60;

/** Longest validity of a signed URL: S3's SigV4 limit, applied to both adapters. */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 60 * 60;

export function checkSignedUrlOptions(expiresIn: number, upload?: SignedUploadOptions): void {
  if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_SIGNED_URL_SECONDS) {
    throw new RangeError(`expiresIn must be 1..${MAX_SIGNED_URL_SECONDS} seconds`);
  }
  if (!upload) return;
  if (!Number.isSafeInteger(upload.maxBytes) || upload.maxBytes < 1) {
    throw new RangeError('maxBytes must be a positive integer');
  }
  const length = upload.contentLength;
  if (
    length !== undefined &&
    (!Number.isSafeInteger(length) || length < 0 || length > upload.maxBytes)
  ) {
    throw new RangeError('contentLength must be 0..maxBytes');
  }
}
