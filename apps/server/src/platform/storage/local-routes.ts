import { PassThrough } from 'node:stream';
import send from '@fastify/send';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isValidObjectKey } from './keys';
import { type LocalObjectStore, ObjectExistsError, ObjectTooLargeError } from './local-store';
import { PARAM, verifySignedRequest } from './signing';

/**
 * Serves the local adapter's signed URLs (mount with a prefix, e.g. /media):
 * PUT streams the body to disk (never whole in memory), GET/HEAD serve with Range support.
 * Not wrapped in fastify-plugin on purpose: its catch-all body parser stays inside.
 */
export interface LocalMediaRoutesOptions {
  store: LocalObjectStore;
  /** Cap of the Cache-Control max-age; a response is never cached past its URL's expiry. */
  maxCacheSeconds?: number;
}

const signedQuerySchema = z.object({
  [PARAM.expires]: z.string().max(20),
  [PARAM.signature]: z.string().max(100),
  [PARAM.maxBytes]: z.string().max(20).optional(),
  [PARAM.contentType]: z.string().max(255).optional(),
  [PARAM.contentLength]: z.string().max(20).optional(),
});

function fail(reply: FastifyReply, status: number, error: string, message: string) {
  return reply.code(status).type('application/json').send({ error, message });
}

const nowSeconds = (store: LocalObjectStore) =>
  Math.floor(store.signing.clock.now().getTime() / 1000);

export const localMediaRoutes: FastifyPluginAsync<LocalMediaRoutesOptions> = async (
  app,
  { store, maxCacheSeconds = 86_400 },
) => {
  // Storefronts on other origins show these videos and images (<video>, <img>: no-cors), which
  // helmet's default Cross-Origin-Resource-Policy (same-origin) would block.
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('cross-origin-resource-policy', 'cross-origin');
    // The player reads caption files with fetch (a <track> must be same-origin): the signed URL
    // is the permission, so any storefront may read what it was given.
    if (request.method === 'GET') reply.header('access-control-allow-origin', '*');
    return payload;
  });
  // Bodies are streamed by the PUT handler itself, whatever their type and size.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  function verified(request: FastifyRequest, method: 'PUT' | 'GET') {
    const key = (request.params as { '*': string })['*'];
    const query = signedQuerySchema.safeParse(request.query);
    if (!isValidObjectKey(key) || !query.success) {
      return { ok: false as const, reason: 'Missing signature' };
    }
    const result = verifySignedRequest(
      store.signing.secret,
      method,
      key,
      query.data,
      nowSeconds(store),
    );
    return result.ok ? { ...result, key } : result;
  }

  app.put('/*', async (request, reply) => {
    const check = verified(request, 'PUT');
    if (!check.ok) return fail(reply, 403, 'Forbidden', check.reason);
    const { key, fields } = check;
    const maxBytes = fields.maxBytes ?? 0;
    const sentType = request.headers['content-type']?.trim().toLowerCase();
    if (sentType !== fields.contentType?.toLowerCase()) {
      return fail(reply, 403, 'Forbidden', 'Content-Type does not match the signed URL');
    }
    const header = request.headers['content-length'];
    const declared = header === undefined ? undefined : Number(header);
    // Too large is the more useful answer, even when the length also differs from the signed one.
    if (declared !== undefined && declared > maxBytes) return tooLarge(reply, maxBytes);
    if (fields.contentLength !== undefined && declared !== fields.contentLength) {
      return fail(reply, 403, 'Forbidden', 'Content-Length does not match the signed URL');
    }
    // A pass-through, so that a refused body does not destroy the socket the 413 is sent on.
    const raw = request.raw;
    const body = new PassThrough();
    body.on('error', () => {}); // reported through writeObject
    // A client that goes away mid-upload must not leave the write waiting (and its temp file).
    const onClose = () => {
      if (!raw.complete) body.destroy(new Error('upload aborted'));
    };
    raw.on('close', onClose);
    raw.pipe(body);
    try {
      // Single use: an upload URL cannot replace what it already wrote (a processed original).
      await store.writeObject(key, body, {
        contentType: fields.contentType ?? '',
        maxBytes,
        ifAbsent: true,
      });
    } catch (error) {
      if (error instanceof ObjectTooLargeError) return tooLarge(reply, maxBytes);
      if (error instanceof ObjectExistsError) {
        reply.header('connection', 'close');
        return fail(reply, 409, 'Conflict', 'This upload URL has already been used');
      }
      throw error;
    } finally {
      raw.unpipe(body);
      raw.off('close', onClose);
    }
    return reply.code(200).send();
  });

  app.get('/*', async (request, reply) => {
    const check = verified(request, 'GET');
    if (!check.ok) return fail(reply, 403, 'Forbidden', check.reason);
    const info = await store.headObject(check.key);
    if (!info) return fail(reply, 404, 'Not Found', 'No such object');
    const result = await send(request.raw, `/${check.key}`, {
      root: store.objectsRoot,
      contentType: false,
      cacheControl: false,
      dotfiles: 'deny',
      index: false,
    });
    if (result.type === 'error') {
      result.stream.destroy();
      if (result.statusCode === 416) {
        reply.header('content-range', `bytes */${info.size}`);
        return fail(reply, 416, 'Range Not Satisfiable', 'The requested range is not satisfiable');
      }
      return fail(reply, result.statusCode, 'Error', 'The object cannot be served');
    }
    const maxAge = Math.max(0, Math.min(check.fields.expires - nowSeconds(store), maxCacheSeconds));
    return reply
      .code(result.statusCode)
      .headers(result.headers)
      .header('content-type', info.contentType)
      .header('cache-control', `private, max-age=${maxAge}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(result.stream);
  });
};

function tooLarge(reply: FastifyReply, maxBytes: number) {
  // The rest of the body is not read: close the connection once the answer is out.
  reply.header('connection', 'close');
  return fail(reply, 413, 'Payload Too Large', `The upload is larger than ${maxBytes} bytes`);
}
