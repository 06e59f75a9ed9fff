import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { z } from 'zod';
import { openLocalShopify } from './local-shopify';
import type { StoreConnection } from './store/database';

/**
 * The local Shopify on its own (`npm run start:shopify`): its own process, port and database,
 * reaching the app over HTTP at APP_URL. The app then runs with SHOPIFY_ADMIN_URL pointing here
 * (`<PUBLIC_URL>/sandbox`). The defaults match the app's sandbox defaults, so the two meet with
 * no setting but that one.
 */
const env = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3001),
    HOST: z.string().default('127.0.0.1'),
    /** Where this local Shopify is reached (links, images, the storefront). */
    PUBLIC_URL: z.url().optional(),
    /** The app's URL: the admin frame opens it, webhooks and the staff API go there. */
    APP_URL: z.url().default('http://localhost:3000'),
    SHOPIFY_API_KEY: z.string().min(1).default('popstage-sandbox-key'),
    SHOPIFY_API_SECRET: z.string().min(16).default('popstage-sandbox-secret-do-not-use'),
    /** The app's staff credential; without it the control page shows only the store's side. */
    OPERATOR_API_TOKEN: z.string().min(32).optional(),
    /** PostgreSQL; without it PGlite keeps the store under DATA_DIR. */
    DATABASE_URL: z.string().optional(),
    DATA_DIR: z.string().default('./data/shopify-sandbox'),
  })
  .parse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')));

async function connect(): Promise<StoreConnection> {
  if (env.DATABASE_URL)
    return { kind: 'postgres', pool: new pg.Pool({ connectionString: env.DATABASE_URL }) };
  const dir = resolve(env.DATA_DIR);
  mkdirSync(dir, { recursive: true });
  return { kind: 'pglite', client: await PGlite.create(dir) };
}

const baseUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
const local = await openLocalShopify(await connect(), {
  baseUrl,
  app: { apiKey: env.SHOPIFY_API_KEY, apiSecret: env.SHOPIFY_API_SECRET, url: env.APP_URL },
  ...(env.OPERATOR_API_TOKEN ? { operatorToken: env.OPERATOR_API_TOKEN } : {}),
});
await local.store.seed();

const server = Fastify({ logger: { level: 'info' } });
server.setValidatorCompiler(validatorCompiler);
server.setSerializerCompiler(serializerCompiler);
await server.register(local.plugin, { prefix: '/sandbox' });
server.get('/', async (_request, reply) => reply.redirect('/sandbox', 302));
await server.listen({ port: env.PORT, host: env.HOST });
server.log.info(
  `Local Shopify at ${baseUrl}/sandbox; the app at ${env.APP_URL} should run with SHOPIFY_ADMIN_URL=${baseUrl}/sandbox`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}
