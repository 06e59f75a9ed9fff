import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { popclips } from '../../db/schema';
import { notFound } from '../../http/errors';
import {
  type ByteRange,
  type ObjectStore,
  RangeNotSatisfiableError,
} from '../../platform/storage/port';
import { loopVersion } from './featured-bubble';

/**
 * A clip's loop at its stable URL (the storefront contract's `loop` route), which the featured
 * bubble's metafield names (featured-bubble.ts): served, not redirected to the signed media URL,
 * since a redirect would cost the shopper's phone a round trip on the path the bubble races. The
 * loop is small (about 50 KB), and a URL naming its version is cached for a year by browsers and
 * any CDN in front of the app.
 */

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Without the current version the URL may name another file tomorrow: a short cache. */
const UNVERSIONED_SECONDS = 60;

/** One `bytes=start-end` or `bytes=start-` range; null for none or any other form (ignored). */
function parseByteRange(header: string | undefined): ByteRange | null {
  const match = header ? /^bytes=(\d{1,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  if (end !== undefined && end < start) return null;
  return end === undefined ? { start } : { start, end };
}

/** Sends the shop's processed, public clip's loop (404 for any other clip or none). */
export async function sendLoop(
  deps: { db: Db; media: ObjectStore },
  reply: FastifyReply,
  request: {
    shopId: string;
    clipId: string;
    version: string | undefined;
    range: string | undefined;
  },
): Promise<FastifyReply> {
  const [row] = await deps.db
    .select({ loopKey: popclips.loopKey, processedAt: popclips.processedAt })
    .from(popclips)
    .where(
      and(
        eq(popclips.shopId, request.shopId),
        eq(popclips.metaIdentifier, request.clipId),
        eq(popclips.status, 'processed'),
        eq(popclips.isPrivate, false),
      ),
    );
  if (!row?.loopKey) throw notFound('Clip not found.');
  const range = parseByteRange(request.range);
  let object: Awaited<ReturnType<ObjectStore['getObject']>>;
  try {
    object = await deps.media.getObject(row.loopKey, range ? { range } : undefined);
  } catch (error) {
    if (!(error instanceof RangeNotSatisfiableError)) throw error;
    return reply
      .code(416)
      .header('content-range', `bytes */${error.size}`)
      .send({ error: 'Range Not Satisfiable', message: 'The requested range is not satisfiable' });
  }
  if (!object) throw notFound('Clip not found.');
  const versioned = request.version === loopVersion(row);
  reply
    .type(object.contentType)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header(
      'cache-control',
      versioned
        ? `public, max-age=${YEAR_SECONDS}, immutable`
        : `public, max-age=${UNVERSIONED_SECONDS}`,
    );
  if (object.range) {
    const { start, end } = object.range;
    reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${object.size}`)
      .header('content-length', end - start + 1);
  } else {
    reply.header('content-length', object.size);
  }
  return reply.send(object.body);
}
