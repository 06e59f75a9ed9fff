import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import { clientNetwork } from './client-network';

export const TOO_MANY_VISITORS = 'Too many new visitors from this network; try again later';

/**
 * New visitor ids per site (an IPv4 address, an IPv6 /48: one customer's allocation) and shop
 * per hour, on top of the route's per-address limit (an IPv6 /64). A /48 holds 65,536 /64s, so
 * the per-address limit alone let one /48 mint millions of ids an hour (issue 28). Kept per shop:
 * a carrier's /48 carries shoppers of many shops, an attack aims at one. In memory per web
 * process, like the route's limiter (same store, its own counts).
 */
export function visitorSiteLimit(
  app: FastifyInstance,
  options: { max: number; skip: (request: FastifyRequest) => boolean },
) {
  const count = app.createRateLimit({
    max: options.max,
    timeWindow: '1 hour',
    keyGenerator: (request) =>
      `${clientNetwork(request.ip).site} ${(request.params as { shop?: string }).shop ?? ''}`,
    allowList: (request) => options.skip(request),
  });
  /** Counts the request; a site over its hourly bound is answered 429. */
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await count(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new HttpError(429, TOO_MANY_VISITORS);
  };
}
