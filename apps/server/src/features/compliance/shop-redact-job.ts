import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { shopifySessions, shops, webhookDeliveries } from '../../db/schema';
import { defineJob, type JobContext } from '../../jobs/job';
import { sellerAccountOf } from '../account';
import { findShop } from '../shop';

/** shop/redact's work: everything stored for an uninstalled shop, media objects included. */
export const SHOP_REDACT_JOB = 'compliance.shop-redact';
/** Raw events go first in batches of this many rows, so the final cascade stays short. */
const EVENTS_BATCH = 5000;

export interface ShopRedactData {
  shopDomain: string;
  /** The shops row when the webhook arrived; null when the app had none. */
  shopId: string | null;
}

export type ShopRedactOutcome = 'redacted' | 'reinstalled';

/**
 * Deletes the shop's seller on the live platform, then the shop's row, which cascades to every app
 * table (each has shop_id ON DELETE CASCADE), then its media under shops/<id>/, its access token
 * and its webhook receipts. Only while the shop
 * is still uninstalled: a merchant who reinstalled keeps everything. Safe to run again after a
 * failure at any step (the media of a row deleted by an earlier attempt are found by the id).
 */
export async function redactShop(
  ctx: JobContext,
  data: ShopRedactData,
): Promise<ShopRedactOutcome> {
  const db = ctx.database.db;
  if (data.shopId) {
    let deletedEvents: number;
    do deletedEvents = await deleteEventsBatch(db, data.shopId);
    while (deletedEvents === EVENTS_BATCH);
    // The seller on the live platform goes first (its shows, chat and video), while the seller
    // account row still names it; a failure there retries the job before anything else goes.
    const seller = (await isUninstalled(db, data.shopId))
      ? await sellerAccountOf(db, data.shopId)
      : undefined;
    if (seller) await ctx.live.deleteSeller(seller.sellerId);
    const deleted = await db
      .delete(shops)
      .where(and(eq(shops.id, data.shopId), isNotNull(shops.uninstalledAt)))
      .returning({ id: shops.id });
    if (deleted.length === 0 && (await findShopById(db, data.shopId))) return 'reinstalled';
    await ctx.media.deletePrefix(`shops/${data.shopId}/`);
  }
  // An installed shop now (a new row, or none was known) keeps its token and receipts.
  const current = await findShop(db, data.shopDomain);
  if (current && current.uninstalledAt === null) return data.shopId ? 'redacted' : 'reinstalled';
  await db.delete(shopifySessions).where(eq(shopifySessions.shopDomain, data.shopDomain));
  await db.delete(webhookDeliveries).where(eq(webhookDeliveries.shopDomain, data.shopDomain));
  return 'redacted';
}

/** One batch of the shop's raw events, and only while the shop is uninstalled. */
async function deleteEventsBatch(db: Db, shopId: string): Promise<number> {
  const [row] = await queryRows<{ deleted: number }>(
    db,
    // `= any(array(...))` keeps the DELETE on the primary key, found through (shop_id, occurred_at).
    sql`with deleted as (
          delete from storefront_events where id = any(array(
            select e.id from storefront_events e
            join shops s on s.id = e.shop_id and s.uninstalled_at is not null
            where e.shop_id = ${shopId}
            limit ${EVENTS_BATCH}
          ))
          returning 1
        )
        select count(*)::int as deleted from deleted`,
  );
  return Number(row?.deleted ?? 0);
}

async function isUninstalled(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, id), isNotNull(shops.uninstalledAt)));
  return row !== undefined;
}

async function findShopById(db: Db, id: string) {
  const [row] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, id));
  return row;
}

export const shopRedactJob = defineJob<ShopRedactData>({
  name: SHOP_REDACT_JOB,
  retryLimit: 5,
  expireInSeconds: 30 * 60,
  handler: async (data, ctx) => {
    await redactShop(ctx, data);
  },
});
