import type { FastifyInstance } from 'fastify';
import { runGraphql } from '../graphql/execute';
import { API_VERSION, loadSchema } from '../schema/load-schema';
import type { SandboxStore } from '../store/store';
import type { StorefrontTokens } from '../store/storefront-tokens';
import { customerMutations, customerQueries } from './customer-accounts';
import { storefrontResolvers } from './resolvers';

export interface StorefrontApiOptions {
  store: SandboxStore;
  tokens: StorefrontTokens;
}

/**
 * Shopify's Storefront API below `/<shop domain>/`: GraphQL at `api/<version>/graphql.json` on
 * the published Storefront schema, for a client that sends a storefront access token the app
 * created (X-Shopify-Storefront-Access-Token). It has no query cost limit of the Admin API's kind.
 */
export async function storefrontApiPlugin(app: FastifyInstance, options: StorefrontApiOptions) {
  const schema = loadSchema('storefront', API_VERSION);

  app.post<{
    Params: { shop: string; version: string };
    Body: Record<string, unknown> | undefined;
  }>('/:shop/api/:version/graphql.json', async (request, reply) => {
    const { shop, version } = request.params;
    if (version !== API_VERSION || !(await options.store.getShop(shop))) {
      return reply.code(404).send({ errors: 'Not Found' });
    }
    const token = request.headers['x-shopify-storefront-access-token'];
    if (typeof token !== 'string' || (await options.tokens.shopOf(token)) !== shop) {
      return reply.code(401).send({
        errors: [{ message: '', extensions: { code: 'UNAUTHORIZED' } }],
      });
    }
    return runGraphql({
      schema,
      resolvers: {
        query: { ...storefrontResolvers.query, ...customerQueries },
        mutation: customerMutations,
      },
      context: { shop, store: options.store },
      body: request.body ?? {},
      bucket: null,
    });
  });
}
