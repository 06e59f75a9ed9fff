import { Readable } from 'node:stream';
import type { LiveStorage } from '../media/port';

/** An in-memory LiveStorage for tests, its URLs under `urlBase` (the service's /media when local). */
export function memoryStorage(urlBase: string) {
  const objects = new Map<string, { body: Buffer; contentType: string; cacheControl: string }>();
  const storage: LiveStorage = {
    async put(key, body, options) {
      const bytes = Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray());
      objects.set(key, { body: bytes, ...options });
    },
    async open(key) {
      const object = objects.get(key);
      return object ? Readable.from([object.body]) : null;
    },
    async deletePrefix(prefix) {
      for (const key of [...objects.keys()]) if (key.startsWith(prefix)) objects.delete(key);
    },
    url: (key) => `${urlBase}/${key}`,
  };
  return { storage, objects };
}
