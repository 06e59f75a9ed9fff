import { eq, sql } from 'drizzle-orm';
import type { StoreDb as Db } from './database';
import { StoreError } from './errors';
import { sandboxShops } from './schema';

/**
 * App-data metafields: the metafields an app keeps on its own AppInstallation, any namespace and
 * key, which only that app reads (Admin API `currentAppInstallation.metafield`) and its theme app
 * extension's Liquid reads as `app.metafields.<namespace>.<key>`
 * (https://shopify.dev/docs/apps/build/custom-data/metafields/app-data). Kept on the shop row by
 * `namespace.key` (the uninstall and a store reset clear them, as Shopify deletes them).
 */
export interface AppDataMetafield {
  namespace: string;
  key: string;
  type: string;
  value: string;
}

export function createSandboxAppDataMetafields(db: Db) {
  return {
    /** metafieldsSet on the installation: all of them in one write, or none (unknown shop). */
    async setAppDataMetafields(shop: string, metafields: AppDataMetafield[]): Promise<void> {
      const entries = Object.fromEntries(
        metafields.map((m) => [`${m.namespace}.${m.key}`, { type: m.type, value: m.value }]),
      );
      // One jsonb merge: the installation's other metafields stay.
      const updated = await db
        .update(sandboxShops)
        .set({
          appMetafields:
            sql`${sandboxShops.appMetafields} || ${JSON.stringify(entries)}::jsonb` as never,
        })
        .where(eq(sandboxShops.domain, shop))
        .returning({ domain: sandboxShops.domain });
      if (updated.length === 0)
        throw new StoreError('not_found', `Shop ${shop} is not a sandbox shop`);
    },

    /** Every app-data metafield of the shop's installation (none for an unknown shop). */
    async appDataMetafields(shop: string): Promise<AppDataMetafield[]> {
      const [row] = await db
        .select({ metafields: sandboxShops.appMetafields })
        .from(sandboxShops)
        .where(eq(sandboxShops.domain, shop));
      return Object.entries(row?.metafields ?? {}).map(([name, { type, value }]) => {
        const dot = name.lastIndexOf('.');
        return { namespace: name.slice(0, dot), key: name.slice(dot + 1), type, value };
      });
    },
  };
}

export type SandboxAppDataMetafields = ReturnType<typeof createSandboxAppDataMetafields>;
