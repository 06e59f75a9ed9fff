import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { failpoint } from '../../failpoints';
import { type Clock, systemClock } from '../clock';
import { assertValidKeyPrefix, assertValidObjectKey } from './keys';
import {
  type ByteRange,
  checkSignedUrlOptions,
  type ObjectBody,
  type ObjectInfo,
  type ObjectStore,
  type ObjectStream,
  RangeNotSatisfiableError,
  type SignedDownloadOptions,
  type SignedUploadOptions,
  type SignedUrl,
} from './port';
import { type SignedFields, signatureSecret, signedQuery } from './signing';

/**
 * Local-disk ObjectStore: objects under <root>/objects/<key>, their content type under
 * <root>/meta/<key>.json, uploads written to <root>/tmp and renamed into place (same file
 * system), so a reader never sees half a file. Signed URLs point at localMediaRoutes.
 */
export interface LocalObjectStoreOptions {
  /** Directory of the media (default ./data/media). */
  root?: string;
  /** Public URL where localMediaRoutes is mounted, e.g. http://localhost:3000/media. */
  baseUrl: string;
  /** HMAC key of the signed URLs, at least 32 bytes; every web process needs the same one. */
  secret: string | Uint8Array;
  clock?: Clock;
}

export interface LocalObjectStore extends ObjectStore {
  readonly kind: 'local';
  readonly root: string;
  /** Directory holding the objects themselves (a key is a path relative to it). */
  readonly objectsRoot: string;
  /** For localMediaRoutes: the secret as bytes and the clock. */
  readonly signing: { secret: Buffer; clock: Clock };
  /** The file of a key (after validation); for serving with Range support. */
  filePath(key: string): string;
  /**
   * Streams a body into place, refusing more than maxBytes (ObjectTooLargeError) without
   * keeping any of it.
   */
  writeObject(
    key: string,
    body: Readable,
    options: { contentType: string; maxBytes?: number; ifAbsent?: boolean },
  ): Promise<number>;
  /**
   * Removes temp files older than `ageMs` (partial uploads of a process that was killed) and, at
   * any age, temp names left beside an upload already moved into place.
   */
  sweepTemp(ageMs: number): Promise<number>;
}

/** A write with ifAbsent found the key written already (a signed upload URL used twice). */
export class ObjectExistsError extends Error {
  constructor(readonly key: string) {
    super(`Object ${key} exists`);
  }
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Object larger than ${maxBytes} bytes`);
  }
}

interface Meta {
  contentType: string;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export function createLocalObjectStore(options: LocalObjectStoreOptions): LocalObjectStore {
  const root = path.resolve(options.root ?? './data/media');
  const objectsDir = path.join(root, 'objects');
  const metaDir = path.join(root, 'meta');
  const tmpDir = path.join(root, 'tmp');
  const secret = signatureSecret(options.secret);
  const clock = options.clock ?? systemClock;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  const filePath = (key: string) => path.join(objectsDir, assertValidObjectKey(key));
  const metaPath = (key: string) => path.join(metaDir, `${assertValidObjectKey(key)}.json`);

  async function tempFile(): Promise<string> {
    await mkdir(tmpDir, { recursive: true });
    return path.join(tmpDir, randomUUID());
  }

  async function moveInto(temp: string, target: string): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temp, target);
  }

  /** Like moveInto, but never replaces: link() fails with EEXIST, atomically, if it exists. */
  async function moveIntoIfAbsent(temp: string, target: string, key: string): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await link(temp, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(key);
      throw error;
    }
  }

  async function writeObject(
    key: string,
    body: Readable,
    {
      contentType,
      maxBytes,
      ifAbsent = false,
    }: { contentType: string; maxBytes?: number; ifAbsent?: boolean },
  ): Promise<number> {
    const target = filePath(key);
    if (ifAbsent && (await headObject(key))) throw new ObjectExistsError(key);
    const temp = await tempFile();
    let written = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        if (maxBytes !== undefined && written > maxBytes) done(new ObjectTooLargeError(maxBytes));
        else done(null, chunk);
      },
    });
    try {
      await pipeline(body, limit, createWriteStream(temp));
      // The meta first: whoever sees the new file also sees its content type.
      const metaTemp = await tempFile();
      await writeFile(metaTemp, JSON.stringify({ contentType } satisfies Meta));
      await moveInto(metaTemp, metaPath(key));
      if (ifAbsent) await moveIntoIfAbsent(temp, target, key);
      else await moveInto(temp, target);
      failpoint('storage.after-put');
      return written;
    } finally {
      await rm(temp, { force: true });
    }
  }

  async function headObject(key: string): Promise<ObjectInfo | null> {
    const file = filePath(key);
    const stats = await stat(file).catch(missingAsNull);
    if (!stats?.isFile()) return null;
    const meta = await readFile(metaPath(key), 'utf8')
      .then((text) => JSON.parse(text) as Meta)
      .catch(() => null);
    return {
      key,
      size: stats.size,
      contentType: meta?.contentType ?? DEFAULT_CONTENT_TYPE,
      lastModified: stats.mtime,
    };
  }

  function signedUrl(
    key: string,
    method: 'PUT' | 'GET',
    expiresIn: number,
    extra: Pick<SignedFields, 'maxBytes' | 'contentType' | 'contentLength'> = {},
  ) {
    const expires = Math.floor(clock.now().getTime() / 1000) + expiresIn;
    const query = signedQuery(secret, { method, key, expires, ...extra });
    return { url: `${baseUrl}/${key}?${query}`, expiresAt: new Date(expires * 1000) };
  }

  async function deleteObject(key: string): Promise<void> {
    await rm(filePath(key), { force: true });
    await rm(metaPath(key), { force: true });
  }

  async function sweepTemp(ageMs: number): Promise<number> {
    const names = await readdir(tmpDir).catch(() => [] as string[]);
    const before = clock.now().getTime() - ageMs;
    let removed = 0;
    for (const name of names) {
      const file = path.join(tmpDir, name);
      const stats = await stat(file).catch(missingAsNull);
      // A temp file with a second link is an upload already in place (link, then rm of the temp
      // name): whatever its age, it is no live upload's, and removing it only drops a name.
      const linkedInPlace = stats?.isFile() && stats.nlink > 1;
      if (stats && (linkedInPlace || stats.mtimeMs < before)) {
        await rm(file, { force: true, recursive: true });
        removed += 1;
      }
    }
    return removed;
  }

  return {
    kind: 'local',
    sweepTemp,
    root,
    objectsRoot: objectsDir,
    signing: { secret, clock },
    filePath,
    writeObject,
    headObject,

    async putObject(key, body: ObjectBody, { contentType }) {
      const stream =
        typeof body === 'string' || body instanceof Uint8Array
          ? Readable.from([Buffer.from(body)])
          : body;
      await writeObject(key, stream, { contentType });
    },

    async getObject(key, { range }: { range?: ByteRange } = {}): Promise<ObjectStream | null> {
      const info = await headObject(key);
      if (!info) return null;
      const bytes = range ? resolveRange(range, info.size) : null;
      const body = createReadStream(filePath(key), bytes ?? {});
      return { ...info, body, range: bytes };
    },

    deleteObject,

    async deleteObjects(keys) {
      for (const key of keys) assertValidObjectKey(key);
      await Promise.all(keys.map(deleteObject));
    },

    async deletePrefix(prefix) {
      // A prefix is a folder here: its objects and their meta files go with it.
      const folder = assertValidKeyPrefix(prefix);
      const objects = path.join(objectsDir, folder);
      const files = await readdir(objects, { recursive: true, withFileTypes: true }).catch(
        missingAsNull,
      );
      await rm(objects, { recursive: true, force: true });
      await rm(path.join(metaDir, folder), { recursive: true, force: true });
      return (files ?? []).filter((entry) => entry.isFile()).length;
    },

    async createSignedUploadUrl(key, upload: SignedUploadOptions): Promise<SignedUrl> {
      assertValidObjectKey(key);
      checkSignedUrlOptions(upload.expiresIn, upload);
      const { url, expiresAt } = signedUrl(key, 'PUT', upload.expiresIn, {
        maxBytes: upload.maxBytes,
        contentType: upload.contentType,
        contentLength: upload.contentLength,
      });
      return { url, method: 'PUT', headers: { 'content-type': upload.contentType }, expiresAt };
    },

    async createSignedDownloadUrl(key, { expiresIn }: SignedDownloadOptions): Promise<SignedUrl> {
      assertValidObjectKey(key);
      checkSignedUrlOptions(expiresIn);
      const { url, expiresAt } = signedUrl(key, 'GET', expiresIn);
      return { url, method: 'GET', headers: {}, expiresAt };
    },
  };
}

/** Clamps the end to the object like S3 does; a start past the end cannot be served. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } {
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (range.start < 0 || range.start >= size || end < range.start) {
    throw new RangeNotSatisfiableError(size);
  }
  return { start: range.start, end };
}

function missingAsNull(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
  throw error;
}
