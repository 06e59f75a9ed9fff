import type { LocalShopify } from '@popstage/shopify-sandbox';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../clock';

/**
 * The local Shopify on the app's database connection (its own schema and migrations), with this
 * app installed: the app's key, secret and URL, and the staff credential its control page uses.
 * `fetch` is how the store reaches the app (in process: inject into this app).
 */
export async function openAppLocalShopify(
  database: Database,
  config: Config,
  clock: Clock,
  fetch: typeof globalThis.fetch | undefined,
): Promise<LocalShopify> {
  // Loaded here, in sandbox mode only: its GraphQL schema and Liquid engine stay out of a server
  // that talks to Shopify (the build puts it in a chunk of its own).
  const { openLocalShopify } = await import('@popstage/shopify-sandbox');
  return openLocalShopify(
    database.kind === 'pglite'
      ? { kind: 'pglite', client: database.client }
      : { kind: 'postgres', pool: database.pool },
    {
      baseUrl: config.APP_URL,
      app: {
        apiKey: config.SHOPIFY_API_KEY,
        apiSecret: config.SHOPIFY_API_SECRET,
        url: config.APP_URL,
      },
      ...(fetch ? { fetch } : {}),
      ...(config.OPERATOR_API_TOKEN ? { operatorToken: config.OPERATOR_API_TOKEN } : {}),
      now: () => clock.now().getTime(),
    },
  );
}

/**
 * Where the app reaches a shop's Admin API: SHOPIFY_ADMIN_URL when the local Shopify runs on its
 * own, else the one this process mounts at /sandbox.
 */
export const localAdminOrigin = (config: Config) => (shop: string) =>
  `${config.SHOPIFY_ADMIN_URL ?? `${config.APP_URL}/sandbox`}/${shop}`;
