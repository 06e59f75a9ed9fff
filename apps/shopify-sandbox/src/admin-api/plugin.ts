import { isShopDomain } from '@popstage/core/shop';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { runGraphql } from '../graphql/execute';
import { LeakyBucket } from '../graphql/leaky-bucket';
import { resolveVersion } from '../schema/api-versions';
import { loadSchema } from '../schema/load-schema';
import { requiredAccess } from '../schema/required-access';
import type { AccessTokens } from '../store/access-tokens';
import type { SandboxStore } from '../store/store';
import type { StorefrontTokens } from '../store/storefront-tokens';
import type { ThemeStateStore } from '../theme/theme-state-store';
import { acceptForms } from '../web/forms';
import { adminResolvers } from './resolvers';
import { sessionTokenShop } from './session-token';

export interface AdminApiOptions {
  store: SandboxStore;
  /** The shops' themes, for the theme files the Admin API serves (settings_data.json). */
  themes: ThemeStateStore;
  tokens: AccessTokens;
  storefrontTokens: StorefrontTokens;
  /** The one app installed on the local Shopify: its credentials and granted scopes. */
  app: {
    apiKey: string;
    apiSecret: string;
    scopes: string;
    channelSpecifications?: string[];
    /** The app's handle (App.handle): what theme block types name it by; `popstage` unless given. */
    handle?: string;
  };
  /** Milliseconds; the leaky buckets refill by it (tests move it). */
  now?: () => number;
}

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const INVALID_TOKEN =
  '[API] Invalid API key or access token (unrecognized login or wrong password)';

type Body = Record<string, unknown>;

/**
 * The per-shop endpoints of Shopify's Admin API, below `/<shop domain>/`: token exchange (and
 * the refresh grant) at `admin/oauth/access_token`, and GraphQL at
 * `admin/api/<version>/graphql.json` with `X-Shopify-Access-Token`, on the published schema.
 */
export async function adminApiPlugin(app: FastifyInstance, options: AdminApiOptions) {
  const { store, tokens } = options;
  const now = options.now ?? Date.now;
  const buckets = new Map<string, LeakyBucket>();
  const bucketOf = (shop: string) => {
    const bucket = buckets.get(shop) ?? new LeakyBucket(now);
    buckets.set(shop, bucket);
    return bucket;
  };

  // Token exchange may post a form body; the local Shopify parses forms unless this runs alone.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) acceptForms(app);

  const knownShop = async (shop: string, reply: FastifyReply) => {
    if (isShopDomain(shop) && (await store.getShop(shop))) return true;
    await reply.code(404).send({ errors: 'Not Found' });
    return false;
  };

  app.post<{ Params: { shop: string }; Body: Body | undefined }>(
    '/:shop/admin/oauth/access_token',
    async (request, reply) => {
      const { shop } = request.params;
      if (!(await knownShop(shop, reply))) return;
      const body = request.body ?? {};
      if (body.client_id !== options.app.apiKey || body.client_secret !== options.app.apiSecret) {
        // Shopify answers 400 (its libraries' fixtures), not RFC 6749's optional 401.
        return reply
          .code(400)
          .send({ error: 'invalid_client', error_description: 'Client authentication failed' });
      }
      if (body.grant_type === 'refresh_token') {
        const issued =
          typeof body.refresh_token === 'string'
            ? await tokens.refresh(shop, body.refresh_token)
            : null;
        if (!issued) {
          return reply.code(400).send({
            error: 'invalid_grant',
            error_description: 'The refresh token is invalid or expired',
          });
        }
        return issued;
      }
      if (body.grant_type !== TOKEN_EXCHANGE || body.subject_token_type !== ID_TOKEN) {
        return reply
          .code(400)
          .send({ error: 'invalid_request', error_description: 'Unsupported grant' });
      }
      const tokenShop =
        typeof body.subject_token === 'string'
          ? await sessionTokenShop(body.subject_token, options.app, new Date(now()))
          : null;
      if (tokenShop !== shop) {
        return reply.code(400).send({
          error: 'invalid_subject_token',
          error_description: 'Subject token is invalid',
        });
      }
      const expiring = body.expiring === '1' || body.expiring === 1 || body.expiring === true;
      // A reinstall gets what the merchant granted (narrowed or not); a fresh install the app's scopes.
      const granted = (await tokens.shopScopes(shop))?.join(',') ?? options.app.scopes;
      return tokens.issue(shop, granted, expiring);
    },
  );

  app.post<{ Params: { shop: string; version: string }; Body: Body | undefined }>(
    '/:shop/admin/api/:version/graphql.json',
    async (request, reply) => {
      const { shop } = request.params;
      if (!(await knownShop(shop, reply))) return;
      // Each version on its own schema; an unserved old one falls forward, as on Shopify.
      const version = resolveVersion('admin', request.params.version);
      if (!version) return reply.code(404).send({ errors: 'Not Found' });
      reply.header('x-shopify-api-version', version);
      const token = request.headers['x-shopify-access-token'];
      const granted = typeof token === 'string' ? await tokens.grantedScopes(shop, token) : null;
      if (!granted) return reply.code(401).send({ errors: INVALID_TOKEN });
      const answer = await runGraphql({
        schema: loadSchema('admin', version),
        resolvers: adminResolvers,
        context: {
          shop,
          store,
          themes: options.themes,
          storefrontTokens: options.storefrontTokens,
          scopes: granted,
          channelSpecifications: options.app.channelSpecifications ?? [],
          appHandle: options.app.handle ?? 'popstage',
        },
        body: request.body ?? {},
        bucket: bucketOf(shop),
        access: { rules: requiredAccess('admin', version), granted: new Set(granted) },
      });
      return reply.code(answer.status).send(answer.body);
    },
  );
}
