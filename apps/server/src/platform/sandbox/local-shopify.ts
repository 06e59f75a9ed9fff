import { type LocalShopify, openLocalShopify } from '@popstage/shopify-sandbox/local-shopify';
import { StoreError } from '@popstage/shopify-sandbox/store/errors';
import { signSessionToken } from '../../auth/session-token';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../clock';
import { PlatformError } from '../errors';
import { APP_SCOPES } from '../shopify/app-config';

/**
 * The local Shopify on the app's database connection (its own schema and migrations), with this
 * app installed: the app's key, secret and scopes, the admin frame opening the app's URL. The
 * store's refusals become the app's platform errors, so the HTTP layer answers them alike.
 */
export async function openAppLocalShopify(
  database: Database,
  config: Config,
  clock: Clock,
): Promise<LocalShopify> {
  const keys = { apiKey: config.SHOPIFY_API_KEY, apiSecret: config.SHOPIFY_API_SECRET };
  const local = await openLocalShopify(
    database.kind === 'pglite'
      ? { kind: 'pglite', client: database.client }
      : { kind: 'postgres', pool: database.pool },
    {
      baseUrl: config.APP_URL,
      app: { ...keys, scopes: APP_SCOPES.join(',') },
      appUrl: () => `${config.APP_URL}/`,
      sessionToken: (shop) => signSessionToken(keys, shop),
      now: () => clock.now().getTime(),
    },
  );
  return { ...local, store: withPlatformErrors(local.store) };
}

/**
 * Where the app reaches a shop's Admin API: SHOPIFY_ADMIN_URL when the local Shopify runs on its
 * own, else the one this process mounts at /sandbox.
 */
export const localAdminOrigin = (config: Config) => (shop: string) =>
  `${config.SHOPIFY_ADMIN_URL ?? `${config.APP_URL}/sandbox`}/${shop}`;

function toPlatformError(error: unknown): never {
  if (error instanceof StoreError) throw new PlatformError(error.kind, error.message);
  throw error;
}

/** Every method (and those of nested objects such as `carts`) rethrows StoreError as PlatformError. */
function withPlatformErrors<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value: unknown = Reflect.get(object, key, receiver);
      if (typeof value === 'function') {
        return (...args: unknown[]) => {
          try {
            const result: unknown = value.apply(object, args);
            return result instanceof Promise ? result.catch(toPlatformError) : result;
          } catch (error) {
            return toPlatformError(error);
          }
        };
      }
      return value !== null && typeof value === 'object' ? withPlatformErrors(value) : value;
    },
  });
}
