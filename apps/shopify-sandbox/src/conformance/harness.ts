import { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { signSessionToken } from '../admin-api/session-token';
import { readAppConfig } from '../app-config';
import { type LocalShopify, openLocalShopify } from '../local-shopify';
import { DEMO_SHOP } from '../store/shop-definitions';

/** What the conformance rows look at: an HTTP answer, or a request the store sent the app. */
export interface Observed {
  status?: number;
  headers: Record<string, string | undefined>;
  body: unknown;
}

export const APP = { apiKey: 'conformance-key', apiSecret: 'conformance-secret-0123456789' };
export const APP_URL = 'https://app.example.com';
export const VERSION = '2026-10';

/**
 * One local Shopify on an in-memory PGlite, mounted at /sandbox as the app mounts it, with an app
 * that answers webhooks with a settable status and records them.
 */
export class Harness {
  private constructor(
    readonly server: FastifyInstance,
    readonly local: LocalShopify,
    readonly sent: Observed[],
    private readonly client: PGlite,
    private readonly clock: { now: number },
    private readonly app: { status: number },
  ) {}

  static async open(): Promise<Harness> {
    const client = await PGlite.create('memory://');
    const sent: Observed[] = [];
    const app = { status: 200 };
    const clock = { now: Date.now() };
    const local = await openLocalShopify(
      { kind: 'pglite', client },
      {
        baseUrl: 'http://127.0.0.1:3001',
        app: { ...APP, url: APP_URL, config: readAppConfig() },
        fetch: async (input, init) => {
          const headers = Object.fromEntries(new Headers(init?.headers).entries());
          sent.push({ headers: { ...headers, url: String(input) }, body: init?.body });
          return new Response('{}', { status: app.status });
        },
        now: () => clock.now,
        webhookRetryIntervalMs: 0,
      },
    );
    await local.store.seed();
    const server = Fastify();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    await server.register(local.plugin, { prefix: '/sandbox' });
    await server.ready();
    return new Harness(server, local, sent, client, clock, app);
  }

  async close() {
    await this.server.close();
    await this.client.close();
  }

  /** Moves the store's clock (webhook retries, token expiry). */
  advance(ms: number) {
    this.clock.now += ms;
  }

  appAnswers(status: number) {
    this.app.status = status;
  }

  async request(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Observed> {
    const answer = await this.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    let body: unknown = answer.body;
    try {
      body = answer.json();
    } catch {
      // not JSON: kept as text
    }
    return {
      status: answer.statusCode,
      headers: Object.fromEntries(
        Object.entries(answer.headers).map(([name, value]) => [name, String(value)]),
      ),
      body,
    };
  }

  sessionToken(shop = DEMO_SHOP) {
    return signSessionToken(APP, shop, Math.floor(this.clock.now / 1000));
  }

  async exchange(extra: Record<string, unknown> = {}, shop = DEMO_SHOP): Promise<Observed> {
    return this.request('POST', `/sandbox/${shop}/admin/oauth/access_token`, {
      client_id: APP.apiKey,
      client_secret: APP.apiSecret,
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: await this.sessionToken(shop),
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
      ...extra,
    });
  }

  private tokens = new Map<string, string>();

  async token(shop = DEMO_SHOP): Promise<string> {
    const cached = this.tokens.get(shop);
    if (cached) return cached;
    const { access_token } = (await this.exchange({}, shop)).body as { access_token: string };
    this.tokens.set(shop, access_token);
    return access_token;
  }

  async admin(
    query: unknown,
    options: { variables?: unknown; version?: string; shop?: string; token?: string } = {},
  ): Promise<Observed> {
    const shop = options.shop ?? DEMO_SHOP;
    const token = options.token ?? (await this.token(shop));
    return this.request(
      'POST',
      `/sandbox/${shop}/admin/api/${options.version ?? VERSION}/graphql.json`,
      { query, variables: options.variables ?? {} },
      { 'x-shopify-access-token': token },
    );
  }

  async storefront(
    query: string,
    options: { version?: string; token?: string | null } = {},
  ): Promise<Observed> {
    let token = options.token;
    if (token === undefined) {
      const created = await this.admin(
        'mutation { storefrontAccessTokenCreate(input: { title: "Conformance" }) { storefrontAccessToken { accessToken } } }',
      );
      token = (
        created.body as {
          data: { storefrontAccessTokenCreate: { storefrontAccessToken: { accessToken: string } } };
        }
      ).data.storefrontAccessTokenCreate.storefrontAccessToken.accessToken;
    }
    return this.request(
      'POST',
      `/sandbox/${DEMO_SHOP}/api/${options.version ?? VERSION}/graphql.json`,
      { query },
      token === null ? {} : { 'x-shopify-storefront-access-token': token },
    );
  }

  /** The newest webhook the store sent, after `trigger`. */
  async webhook(trigger: () => Promise<unknown>): Promise<Observed> {
    const before = this.sent.length;
    await trigger();
    const sent = this.sent.at(-1);
    if (!sent || this.sent.length === before) throw new Error('no webhook was sent');
    return sent;
  }
}
