import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SessionTokenError, verifySessionToken } from './session-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** Shop domain taken from the verified session token; the only source of tenancy. */
    shopDomain: string;
  }
}

/** onRequest hook for /api routes: a valid Bearer session token or 401 with a JSON body. */
export function requireSessionToken(app: FastifyInstance) {
  const keys = {
    apiKey: app.deps.config.SHOPIFY_API_KEY,
    apiSecret: app.deps.config.SHOPIFY_API_SECRET,
  };
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) {
      return reply.status(401).send({ error: 'Unauthorized', message: 'Missing session token' });
    }
    try {
      request.shopDomain = await verifySessionToken(keys, match[1]);
    } catch (error) {
      const message =
        error instanceof SessionTokenError ? error.message : 'Session token is invalid';
      return reply
        .status(401)
        .header('X-Shopify-Retry-Invalid-Session-Request', '1')
        .send({ error: 'Unauthorized', message });
    }
    // Shopify: the first token of a shop is exchanged for an offline access token.
    await app.deps.platform.authorize?.(request.shopDomain, match[1]);
  };
}
