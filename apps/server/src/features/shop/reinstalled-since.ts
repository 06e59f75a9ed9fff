import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shopifySessions } from '../../db/schema';

/**
 * Whether the shop's access token was exchanged (an install or reinstall) after `at`: the time a
 * Shopify event was issued. Shopify sends privacy requests only for a shop without the app, so a
 * newer token means the merchant came back after the request.
 */
export async function reinstalledSince(db: Db, domain: string, at: Date): Promise<boolean> {
  const [newer] = await db
    .select({ createdAt: shopifySessions.createdAt })
    .from(shopifySessions)
    .where(and(eq(shopifySessions.shopDomain, domain), gt(shopifySessions.createdAt, at)));
  return newer !== undefined;
}
