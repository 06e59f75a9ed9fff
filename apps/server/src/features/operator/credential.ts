import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../../http/errors';

/**
 * Staff calls carry the operator credential as a bearer token. Without a configured credential
 * the API does not exist (404), so a Shopify deployment exposes nothing by default.
 */
export function requireOperator(token: string | undefined) {
  const expected = token ? Buffer.from(token) : null;
  return async (request: FastifyRequest) => {
    if (!expected) throw notFound(`No route for ${request.method} ${request.url}`);
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const presented = Buffer.from(given ?? '');
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      throw new HttpError(401, 'A valid operator credential is required');
    }
  };
}
