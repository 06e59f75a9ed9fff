import { eq, sql } from 'drizzle-orm';
import type { StoreDb as Db } from './database';
import { StoreError } from './errors';
import { sandboxShops } from './schema';
import { APP_URL_METAFIELD } from './types';

/** Like Shopify's `url` metafield type: an absolute http(s) URL. */
const URL_VALUE = /^https?:\/\/[^\s/]+/;

/** App-data metafields of the sandbox store, on the shop row (a store reset clears them). */
export function createSandboxAppMetafields(db: Db) {
  return {
    async setAppUrlMetafield(shop: string, url: string): Promise<void> {
      if (!URL_VALUE.test(url))
        throw new StoreError('refused', `${url} is not a valid url metafield value`);
      const { namespace, key, type } = APP_URL_METAFIELD;
      const entry = JSON.stringify({ [`${namespace}.${key}`]: { type, value: url } });
      // One jsonb merge: concurrent writes of other keys are not lost.
      const updated = await db
        .update(sandboxShops)
        .set({ appMetafields: sql`${sandboxShops.appMetafields} || ${entry}::jsonb` as never })
        .where(eq(sandboxShops.domain, shop))
        .returning({ domain: sandboxShops.domain });
      if (updated.length === 0)
        throw new StoreError('not_found', `Shop ${shop} is not a sandbox shop`);
    },

    /** What the theme's `app.metafields.popstage.app_url.value` reads; null when unset. */
    async appUrlMetafield(shop: string): Promise<string | null> {
      const [row] = await db
        .select({ metafields: sandboxShops.appMetafields })
        .from(sandboxShops)
        .where(eq(sandboxShops.domain, shop));
      const { namespace, key } = APP_URL_METAFIELD;
      return row?.metafields[`${namespace}.${key}`]?.value ?? null;
    },
  };
}
