import { access } from 'node:fs/promises';
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

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
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}

export type Encoding = 'br' | 'gzip';

/**
 * The precompressed sibling (`<file>.br` or `<file>.gz`) the client accepts, preferring brotli;
 * null when it accepts neither or the build wrote none.
 */
export async function precompressedFile(
  file: string,
  acceptEncoding: string | undefined,
): Promise<{ path: string; encoding: Encoding } | null> {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';')[0]?.toLowerCase());
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (!accepted.includes(encoding)) continue;
    const path = `${file}${suffix}`;
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
