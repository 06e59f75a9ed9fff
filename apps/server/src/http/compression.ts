import { access } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/** Answers smaller than this go out as they are: compressing them saves too little. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Brotli on the fly: a middle quality (see installCompression). */
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 5 };
/** zlib's default level, as @fastify/compress uses. */
const GZIP_LEVEL = constants.Z_DEFAULT_COMPRESSION;

/** Text worth compressing; media and already-compressed types are left as they are. */
const COMPRESSIBLE =
  /^(text\/(html|css|javascript|plain)|application\/(json|javascript|ld\+json|problem\+json)|image\/svg\+xml)(;|$)/;

/**
 * brotli or gzip for every text answer over 1 KB, by the client's Accept-Encoding (Vary added).
 * Dynamic brotli runs at a middle quality: most answers are small JSON, and the big static
 * assets are compressed at build time (scripts/precompress.mjs) at the best quality instead.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: BROTLI_PARAMS },
  });
}

export type Encoding = 'br' | 'gzip';

/**
 * The encodings the client accepts (Accept-Encoding; `q=0` refuses one), brotli first; empty
 * when it accepts neither.
 */
export function acceptedEncodings(acceptEncoding: string | undefined): Encoding[] {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return (['br', 'gzip'] as const).filter((encoding) => accepted.has(encoding));
}

/**
 * The precompressed sibling (`<file>.br` or `<file>.gz`) the client accepts, preferring brotli;
 * null when it accepts neither or the build wrote none.
 */
export async function precompressedFile(
  file: string,
  acceptEncoding: string | undefined,
): Promise<{ path: string; encoding: Encoding } | null> {
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const path = `${file}${encoding === 'br' ? '.br' : '.gz'}`;
    if (
      await access(path).then(
        () => true,
        () => false,
      )
    )
      return { path, encoding };
  }
  return null;
}

const copies = new WeakMap<Buffer, Map<Encoding, Promise<Buffer>>>();

/**
 * `body` compressed in `encoding`, once for each body: the copy lives as long as the body does.
 * For answers kept in memory and sent many times (the storefront feed), which compressing on
 * the way out would compress again at every request.
 */
export function compressedOnce(body: Buffer, encoding: Encoding): Promise<Buffer> {
  let ofBody = copies.get(body);
  if (!ofBody) {
    ofBody = new Map();
    copies.set(body, ofBody);
  }
  let copy = ofBody.get(encoding);
  if (!copy) {
    copy =
      encoding === 'br'
        ? brotli(body, { params: BROTLI_PARAMS })
        : gzip(body, { level: GZIP_LEVEL });
    // A failed compression is not kept: the next request tries again.
    copy.catch(() => ofBody.delete(encoding));
    ofBody.set(encoding, copy);
  }
  return copy;
}
