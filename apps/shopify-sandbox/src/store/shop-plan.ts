import { eq } from 'drizzle-orm';
import type { StoreDb as Db } from './database';
import { StoreError } from './errors';
import { sandboxShops } from './schema';

/** The shop's Shopify plan as far as apps see it: a development store or a live one. */
export interface SandboxShopPlan {
  /** Whether the shop is a partner development store (null: no such shop). */
  partnerDevelopment(shop: string): Promise<boolean | null>;
  setPartnerDevelopment(shop: string, development: boolean): Promise<void>;
}

export function createSandboxShopPlan(db: Db): SandboxShopPlan {
  return {
    async partnerDevelopment(shop) {
      const [row] = await db
        .select({ development: sandboxShops.partnerDevelopment })
        .from(sandboxShops)
        .where(eq(sandboxShops.domain, shop));
      return row?.development ?? null;
    },

    async setPartnerDevelopment(shop, development) {
      const updated = await db
        .update(sandboxShops)
        .set({ partnerDevelopment: development })
        .where(eq(sandboxShops.domain, shop))
        .returning({ domain: sandboxShops.domain });
      if (updated.length === 0)
        throw new StoreError('not_found', `Shop ${shop} is not a sandbox shop`);
    },
  };
}
