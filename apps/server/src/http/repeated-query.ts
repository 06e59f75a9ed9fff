import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * `?shop=a&shop=b` parses to a list where a handler reads a string: without a query schema to
 * refuse it, a `.trim()` on the list was a 500 (issue 28, two console pages). A route without a
 * query schema takes each key once, so every such route answers 400 before its handler; a route
 * with a schema is left to it (a string field refuses a list, an array field takes one).
 */
export function refuseRepeatedQueryKeys(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.schema?.querystring) return;
    const query = request.query;
    if (query === null || typeof query !== 'object') return;
    const repeated = Object.entries(query).find(([, value]) => Array.isArray(value));
    if (repeated)
      throw badRequest(`Give each query parameter once (${repeated[0].slice(0, 50)} is repeated)`);
  });
}
