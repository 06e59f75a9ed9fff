import { openStoreDb } from '@popstage/shopify-sandbox/store/database';
import { StoreError } from '@popstage/shopify-sandbox/store/errors';
import { createSandboxStore } from '@popstage/shopify-sandbox/store/sandbox-platform';
import type { SandboxStore } from '@popstage/shopify-sandbox/store/store';
import type { Database } from '../../db/client';
import { PlatformError } from '../errors';

/**
 * The local Shopify's store on the app's database connection (its own schema and migrations),
 * its refusals turned into the app's platform errors so the HTTP layer answers them alike.
 */
export async function openSandboxStore(
  database: Database,
  options: { baseUrl: string },
): Promise<SandboxStore> {
  const db = await openStoreDb(
    database.kind === 'pglite'
      ? { kind: 'pglite', client: database.client }
      : { kind: 'postgres', pool: database.pool },
  );
  return withPlatformErrors(createSandboxStore(db, options));
}

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
