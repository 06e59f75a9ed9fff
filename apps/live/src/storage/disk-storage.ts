import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { LiveStorage } from '../media/port';
import { assertStorageKey, assertStoragePrefix, contentTypeOf, isStorageKey } from './keys';

export interface StoredObject {
  /** The file to send. */
  path: string;
  size: number;
  contentType: string;
  cacheControl: string;
}

/** Disk storage also says what the media route needs to serve a key. */
export interface DiskStorage extends LiveStorage {
  readonly dir: string;
  /** The object's file and headers, or null when there is none (or the key is not a key). */
  describe(key: string): Promise<StoredObject | null>;
}

interface Meta {
  contentType: string;
  cacheControl: string;
}

/**
 * Live media in a directory (the embedded default; the service serves it at /media/*).
 * Every write goes to a hidden part file in the target's directory and is renamed into place,
 * so a viewer reads the previous playlist or the whole new one, never half a segment. Headers
 * given to put() are kept in a hidden sidecar next to the file.
 */
export function createDiskStorage(options: { dir: string; publicBase: string }): DiskStorage {
  const { dir } = options;
  const publicBase = options.publicBase.replace(/\/+$/, '');
  const fileOf = (key: string) => join(dir, ...key.split('/'));
  const metaOf = (file: string) => join(dirname(file), `.${basename(file)}.meta`);

  async function writeAtomically(target: string, write: (part: string) => Promise<void>) {
    const part = join(dirname(target), `.${basename(target)}.${randomUUID().slice(0, 8)}.part`);
    try {
      await write(part);
      await rename(part, target);
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
  }

  return {
    dir,
    async put(key, body, { contentType, cacheControl }) {
      assertStorageKey(key);
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      const meta: Meta = { contentType, cacheControl };
      await writeAtomically(metaOf(file), (part) => writeFile(part, JSON.stringify(meta)));
      await writeAtomically(file, (part) =>
        Buffer.isBuffer(body) ? writeFile(part, body) : pipeline(body, createWriteStream(part)),
      );
    },

    async open(key) {
      assertStorageKey(key);
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      // Opened before it is returned: a file deleted meanwhile answers null, not a stream
      // that errors.
      const stream = createReadStream(file);
      return new Promise<Readable | null>((resolve, reject) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT' || error.code === 'EISDIR') resolve(null);
          else reject(error);
        });
      });
    },

    async deletePrefix(prefix) {
      assertStoragePrefix(prefix);
      await rm(fileOf(prefix.slice(0, -1)), { recursive: true, force: true });
    },

    url(key) {
      assertStorageKey(key);
      return `${publicBase}/media/${key}`;
    },

    async describe(key) {
      if (!isStorageKey(key)) return null;
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      const meta = await readFile(metaOf(file), 'utf8')
        .then((text) => JSON.parse(text) as Meta)
        .catch(() => null);
      return {
        path: file,
        size: info.size,
        contentType: meta?.contentType ?? contentTypeOf(key),
        cacheControl: meta?.cacheControl ?? 'no-cache',
      };
    },
  };
}
