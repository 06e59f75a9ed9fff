import { createHmac } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { list as botPatterns, createIsbotFromList } from 'isbot';
import type { Db } from '../../db/client';
import { storefrontAddressCounts } from '../../db/schema';
import type { BatchPlan } from './batch';

/**
 * Known crawlers and HTTP tools (isbot's list) count nothing. Headless browsers are left out of
 * that list: they run the player and play the video like a shopper's (the e2e journeys do), and
 * the per-address caps bound them.
 */
export const isKnownBot = createIsbotFromList(
  botPatterns.filter((pattern) => !pattern.toLowerCase().includes('headless')),
);

/** The client as ingest sees it. */
export interface IngestClient {
  ip: string;
  userAgent: string | undefined;
  /**
   * The local Shopify's traffic generator in this process: many simulated shoppers behind one
   * in-process caller, counted as the distinct visitors they stand for.
   */
  simulated?: boolean;
}

/** A keyed hash of the address: counted per address without storing it. */
export function addressHash(secret: string, ip: string): string {
  return createHmac('sha256', secret).update(ip).digest('base64url').slice(0, 22);
}

/**
 * The part of a batch the address may still add today: views of clips under the views cap and
 * likes under the likes cap (unlikes always pass); the allowance is taken in the same step.
 */
export async function withinAddressCaps(
  db: Db,
  input: {
    shopId: string;
    addressHash: string;
    day: string;
    plan: BatchPlan;
    /** Views and likes per address, clip and day (config; core's constants by default). */
    caps: { views: number; likes: number };
  },
): Promise<{ plan: BatchPlan; capped: number }> {
  const { shopId, day, plan } = input;
  const likedClips = [...plan.likes].filter(([, like]) => like).map(([clipId]) => clipId);
  const clipIds = [...new Set([...plan.views.map((view) => view.clipId), ...likedClips])];
  if (clipIds.length === 0) return { plan, capped: 0 };
  return db.transaction(async (tx) => {
    const key = and(
      eq(storefrontAddressCounts.shopId, shopId),
      eq(storefrontAddressCounts.day, day),
      eq(storefrontAddressCounts.addressHash, input.addressHash),
    );
    await tx
      .insert(storefrontAddressCounts)
      .values(clipIds.map((clipId) => ({ shopId, clipId, day, addressHash: input.addressHash })))
      .onConflictDoNothing();
    // Locked: two batches from one address cannot both take the last allowance.
    const rows = await tx
      .select()
      .from(storefrontAddressCounts)
      .where(and(key, inArray(storefrontAddressCounts.clipId, clipIds)))
      .for('update');
    const used = new Map(rows.map((row) => [row.clipId, row]));
    const views = plan.views.filter(
      (view) => (used.get(view.clipId)?.views ?? 0) < input.caps.views,
    );
    const likes = new Map(
      [...plan.likes].filter(
        ([clipId, like]) => !like || (used.get(clipId)?.likes ?? 0) < input.caps.likes,
      ),
    );
    const viewed = new Set(views.map((view) => view.clipId));
    for (const clipId of clipIds) {
      const addViews = viewed.has(clipId) ? 1 : 0;
      const addLikes = likes.get(clipId) === true ? 1 : 0;
      if (addViews + addLikes === 0) continue;
      await tx
        .update(storefrontAddressCounts)
        .set({
          views: sql`${storefrontAddressCounts.views} + ${addViews}`,
          likes: sql`${storefrontAddressCounts.likes} + ${addLikes}`,
        })
        .where(and(key, eq(storefrontAddressCounts.clipId, clipId)));
    }
    const capped = plan.views.length - views.length + (plan.likes.size - likes.size);
    return { plan: { ...plan, views, likes }, capped };
  });
}

/** Counts of days before yesterday are no longer read (the caps are per day). */
export async function pruneAddressCounts(db: Db, now: Date): Promise<void> {
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  await db.delete(storefrontAddressCounts).where(lt(storefrontAddressCounts.day, yesterday));
}
