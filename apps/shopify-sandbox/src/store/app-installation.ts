import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { StoreDb as Db } from './database';
import { StoreError } from './errors';
import {
  sandboxAccessTokens,
  sandboxAppSubscriptions,
  sandboxShops,
  sandboxThemes,
} from './schema';

/** The store's side of the app installation, beyond billing and metafields. */
export function createSandboxAppInstallation(db: Db) {
  return {
    /** The specification the app's sales channel is bound to; null while not connected. */
    async salesChannel(shop: string): Promise<string | null> {
      const [row] = await db
        .select({ channel: sandboxShops.salesChannel })
        .from(sandboxShops)
        .where(eq(sandboxShops.domain, shop));
      return row?.channel ?? null;
    },

    /** channelCreate: binds the app's channel to a specification; false when already connected. */
    async connectSalesChannel(shop: string, specification: string): Promise<boolean> {
      const rows = await db
        .update(sandboxShops)
        .set({ salesChannel: specification })
        .where(and(eq(sandboxShops.domain, shop), isNull(sandboxShops.salesChannel)))
        .returning({ domain: sandboxShops.domain });
      return rows.length > 0;
    },

    /**
     * What Shopify does to a store when the app is uninstalled: the app's theme blocks and embeds
     * go (every theme's embed is off), its app-data metafields and sales channel are deleted, its charges
     * cancelled and its access tokens revoked. The app hears of it through the app/uninstalled
     * webhook.
     */
    async uninstallApp(shop: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(sandboxShops)
          .set({ appMetafields: {}, salesChannel: null })
          .where(eq(sandboxShops.domain, shop))
          .returning({ domain: sandboxShops.domain });
        if (!row) throw new StoreError('not_found', `Shop ${shop} is not a sandbox shop`);
        await tx.delete(sandboxAccessTokens).where(eq(sandboxAccessTokens.shopDomain, shop));
        await tx
          .update(sandboxThemes)
          .set({ appEmbedEnabled: false })
          .where(eq(sandboxThemes.shopDomain, shop));
        await tx
          .update(sandboxAppSubscriptions)
          .set({ status: 'CANCELLED' })
          .where(
            and(
              eq(sandboxAppSubscriptions.shopDomain, shop),
              inArray(sandboxAppSubscriptions.status, ['ACTIVE', 'PENDING']),
            ),
          );
      });
    },
  };
}
