import type { RouteContract, RouteParsed, RouteReply } from '@popstage/core/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract a route was registered from (serveRoute, webhook topics). */
    contract?: RouteContract;
  }
}

/** A request whose params, query and body the contract's schemas have already parsed. */
export type ContractRequest<C extends RouteContract> = Omit<
  FastifyRequest,
  'params' | 'query' | 'body'
> &
  RouteParsed<C>;

export type ContractHandler<C extends RouteContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<RouteReply<C> | FastifyReply>;

export interface ContractRouteOptions {
  /**
   * Validate the answer against the contract (default). Off only where the cost shows on a hot
   * public path (the storefront feed and ingest), which their own tests cover.
   */
  validateResponse?: boolean;
  /** Fastify route options passed through (rate limits, body limits, hooks). */
  route?: Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'onRequest' | 'preHandler'>;
}

/**
 * Registers a route from its contract: method and path as written there, request schemas
 * validated by Fastify (400 with the schema's message), the answer serialised through the
 * response schema with the contract's status.
 */
export function serveRoute<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
  options: ContractRouteOptions = {},
): void {
  const status = contract.status ?? 200;
  app.route({
    ...options.route,
    // Kept on the route so the app's OpenAPI document is made of what is actually served.
    config: { ...options.route?.config, contract },
    method: contract.method,
    url: contract.path,
    schema: {
      ...(contract.params && { params: contract.params }),
      ...(contract.query && { querystring: contract.query }),
      ...(contract.body && { body: contract.body }),
      ...(options.validateResponse !== false && { response: { [status]: contract.response } }),
    },
    handler: async (request, reply) => {
      const answer = await handler(request as unknown as ContractRequest<C>, reply);
      if (answer === reply) return reply;
      reply.code(status);
      return answer;
    },
  });
}
