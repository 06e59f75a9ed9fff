import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxLiveSellers } from '../../db/schema';
import type { LivePlatform } from './port';

export type SandboxSeller = typeof sandboxLiveSellers.$inferSelect;

/** Sandbox live platform: sellers in a table, each with a small dashboard at /sandbox/live/:id. */
export function createSandboxLivePlatform(db: Db, options: { baseUrl: string }): LivePlatform {
  const dashboardUrl = (sellerId: string) =>
    `${options.baseUrl}/sandbox/live/${encodeURIComponent(sellerId)}`;
  return {
    kind: 'sandbox',
    async createSeller({ idempotencyKey, payload }) {
      await db
        .insert(sandboxLiveSellers)
        .values({
          sellerId: `seller_${randomBytes(8).toString('hex')}`,
          idempotencyKey,
          shopDomain: payload.shopifyDomain,
          payload,
        })
        .onConflictDoNothing({ target: sandboxLiveSellers.idempotencyKey });
      const [seller] = await db
        .select()
        .from(sandboxLiveSellers)
        .where(eq(sandboxLiveSellers.idempotencyKey, idempotencyKey));
      if (!seller) throw new Error('sandbox seller vanished after insert');
      return { sellerId: seller.sellerId, dashboardUrl: dashboardUrl(seller.sellerId) };
    },
  };
}

export async function findSandboxSeller(db: Db, sellerId: string): Promise<SandboxSeller | null> {
  const [seller] = await db
    .select()
    .from(sandboxLiveSellers)
    .where(eq(sandboxLiveSellers.sellerId, sellerId));
  return seller ?? null;
}
