import type { RouteContract, RouteParsed, RouteReply } from '@popstage/core/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';

export type ContractRequest<C extends RouteContract> = Omit<
  FastifyRequest,
  'params' | 'query' | 'body'
> &
  RouteParsed<C>;

/**
 * Registers a route from its contract (as the app's serveRoute does): request schemas validated
 * (400 JSON with the schema's message), the answer serialised through the response schema unless
 * the handler sends the reply itself (media, SSE).
 */
export function serveRoute<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: (
    request: ContractRequest<C>,
    reply: FastifyReply,
  ) => Promise<RouteReply<C> | FastifyReply>,
  route: Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'onRequest'> & {
    /** Off for routes whose answer is not JSON (a stream). */
    validateResponse?: boolean;
  } = {},
): void {
  const status = contract.status ?? 200;
  const { validateResponse = true, ...options } = route;
  app.route({
    ...options,
    method: contract.method,
    url: contract.path,
    schema: {
      ...(contract.params && { params: contract.params }),
      ...(contract.query && { querystring: contract.query }),
      ...(contract.body && { body: contract.body }),
      ...(validateResponse && { response: { [status]: contract.response } }),
    },
    handler: async (request, reply) => {
      const answer = await handler(request as unknown as ContractRequest<C>, reply);
      if (answer === reply) return reply;
      reply.code(status);
      return status === 204 ? reply.send() : answer;
    },
  });
}
