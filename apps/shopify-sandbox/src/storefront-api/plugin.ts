import type { FastifyInstance } from 'fastify';
import { runGraphql } from '../graphql/execute';
import { resolveVersion } from '../schema/api-versions';
import { loadSchema } from '../schema/load-schema';
import { requiredAccess } from '../schema/required-access';
import type { SandboxStore } from '../store/store';
import type { StorefrontTokens } from '../store/storefront-tokens';
import { customerMutations, customerQueries } from './customer-accounts';
import { storefrontResolvers } from './resolvers';

export interface StorefrontApiOptions {
  store: SandboxStore;
  tokens: StorefrontTokens;
  /**
   * The scopes the merchant granted the app on the shop: a storefront token carries its
   * `unauthenticated_*` ones. Without it, a token carries every unauthenticated scope.
   */
  grantedScopes?: (shop: string) => Promise<string[] | null>;
}

/**
 * What tokenless access reaches (products, collections, search, content, cart), and its limit:
 * a query of complexity over 1,000 is refused.
 * https://shopify.dev/docs/api/storefront#authentication
 */
export const TOKENLESS_SCOPES = [
  'unauthenticated_read_product_listings',
  'unauthenticated_read_product_tags',
  'unauthenticated_read_selling_plans',
  'unauthenticated_read_content',
  'unauthenticated_read_checkouts',
  'unauthenticated_write_checkouts',
];
export const TOKENLESS_MAX_COMPLEXITY = 1000;

/**
 * Shopify's Storefront API below `/<shop domain>/`: GraphQL at `api/<version>/graphql.json` on
 * the published Storefront schema. With a storefront access token the app created
 * (X-Shopify-Storefront-Access-Token) it serves what the app's sales channel has published,
 * within the token's scopes; without one (tokenless access) what the Online Store has, within
 * tokenless scopes and complexity. No leaky bucket of the Admin API's kind.
 */
export async function storefrontApiPlugin(app: FastifyInstance, options: StorefrontApiOptions) {
  app.post<{
    Params: { shop: string; version: string };
    Body: Record<string, unknown> | undefined;
  }>('/:shop/api/:version/graphql.json', async (request, reply) => {
    const { shop } = request.params;
    const version = resolveVersion('storefront', request.params.version);
    if (!version || !(await options.store.getShop(shop))) {
      return reply.code(404).send({ errors: 'Not Found' });
    }
    reply.header('x-shopify-api-version', version);
    const token = request.headers['x-shopify-storefront-access-token'];
    let granted = TOKENLESS_SCOPES;
    if (token !== undefined) {
      if (typeof token !== 'string' || (await options.tokens.shopOf(token)) !== shop) {
        return reply.code(401).send({
          errors: [{ message: '', extensions: { code: 'UNAUTHORIZED' } }],
        });
      }
      const appScopes = options.grantedScopes ? ((await options.grantedScopes(shop)) ?? []) : null;
      granted = appScopes
        ? appScopes.filter((scope) => scope.startsWith('unauthenticated_'))
        : [...requiredAccess('storefront', version).types.values()].flatMap((rule) => rule.anyOf);
    }
    const answer = await runGraphql({
      schema: loadSchema('storefront', version),
      resolvers: {
        query: { ...storefrontResolvers.query, ...customerQueries },
        mutation: customerMutations,
      },
      context: {
        shop,
        store: options.store,
        channel: token === undefined ? 'online-store' : 'app',
      },
      body: request.body ?? {},
      bucket: null,
      maxCost: token === undefined ? TOKENLESS_MAX_COMPLEXITY : null,
      limit: 'complexity',
      access: { rules: requiredAccess('storefront', version), granted: new Set(granted) },
    });
    return reply.code(answer.status).send(answer.body);
  });
}
