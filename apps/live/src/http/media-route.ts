import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { LiveContext } from '../context';
import { notFound } from './errors';

/** Content types and caching by extension: playlists change every second, segments never. */
const TYPES: Record<string, { type: string; cache: string }> = {
  '.m3u8': { type: 'application/vnd.apple.mpegurl', cache: 'public, max-age=1' },
  '.ts': { type: 'video/mp2t', cache: 'public, max-age=31536000, immutable' },
  '.m4s': { type: 'video/iso.segment', cache: 'public, max-age=31536000, immutable' },
  '.mp4': { type: 'video/mp4', cache: 'public, max-age=31536000, immutable' },
};

const key = z
  .string()
  .min(1)
  .max(300)
  .regex(/^shows\/[A-Za-z0-9_-]+\/[A-Za-z0-9_./-]+$/)
  .refine((value) => !value.split('/').includes('..'), 'Not a media key');

/**
 * Media from the service's disk storage (when its URLs point here): public, CORS from anywhere
 * (players on shops' storefronts). With S3 a CDN serves the same keys instead.
 */
export function mediaRoute(ctx: LiveContext) {
  return async (app: FastifyInstance) => {
    app.get('/media/*', { schema: { params: z.object({ '*': key }) } }, async (request, reply) => {
      const name = (request.params as { '*': string })['*'];
      const kind = TYPES[path.extname(name)];
      if (!kind) throw notFound();
      const body = await ctx.media.storage.open(name);
      if (!body) throw notFound();
      // A playlist of a show that is still live changes; an ended one's replay does not.
      return reply
        .type(kind.type)
        .header('cache-control', kind.cache)
        .header('access-control-allow-origin', '*')
        .send(body);
    });
  };
}
