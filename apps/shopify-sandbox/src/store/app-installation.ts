import { and, eq, inArray } from 'drizzle-orm';
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
    /**
     * What Shopify does to a store when the app is uninstalled: the app's theme blocks and embeds
     * go (every theme's embed is off), its app-data metafields are deleted, its charges
     * cancelled and its access tokens revoked. The app hears of it through the app/uninstalled
     * webhook.
     */
    async uninstallApp(shop: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(sandboxShops)
          .set({ appMetafields: {} })
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
