import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { StoreDb } from './database';
import { sandboxStorefrontTokens as tokens } from './schema';

/** Storefront API access tokens: created by the app through the Admin API, sent by its clients. */
export function createStorefrontTokens(db: StoreDb, now: () => Date) {
  return {
    async create(shop: string, title: string) {
      const [row] = await db
        .insert(tokens)
        .values({
          token: randomBytes(16).toString('hex'),
          shopDomain: shop,
          title,
          createdAt: now(),
        })
        .returning();
      if (!row) throw new Error('storefront token was not stored');
      return row;
    },

    /** The shop a token belongs to, or null for an unknown one. */
    async shopOf(token: string): Promise<string | null> {
      const [row] = await db
        .select({ shop: tokens.shopDomain })
        .from(tokens)
        .where(eq(tokens.token, token));
      return row?.shop ?? null;
    },

    /** Uninstall: the app's storefront tokens stop working with its access tokens. */
    async revokeAll(shop: string) {
      await db.delete(tokens).where(eq(tokens.shopDomain, shop));
    },
  };
}

export type StorefrontTokens = ReturnType<typeof createStorefrontTokens>;
