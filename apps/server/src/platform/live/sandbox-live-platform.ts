import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxLiveSellers } from '../../db/schema';
import type { Clock } from '../clock';
import { type LivePlatform, LivePlatformError } from './port';
import {
  findSandboxShow,
  insertSandboxShow,
  sandboxShowsOf,
  toLiveShow,
} from './sandbox-live-shows';

export type SandboxSeller = typeof sandboxLiveSellers.$inferSelect;

/**
 * Sandbox live platform: sellers and their shows in tables, each seller with a small dashboard at
 * /sandbox/live/:id where they go live and end a show; an ended show's replay is a test pattern.
 */
export function createSandboxLivePlatform(
  db: Db,
  options: { baseUrl: string; replayDir: string; clock: Clock },
): LivePlatform {
  const dashboardUrl = (sellerId: string) =>
    `${options.baseUrl}/sandbox/live/${encodeURIComponent(sellerId)}`;
  const requireSeller = async (sellerId: string) => {
    if (!(await findSandboxSeller(db, sellerId))) throw new LivePlatformError('unknown seller');
  };
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
    async scheduleShow(sellerId, show) {
      await requireSeller(sellerId);
      const now = options.clock.now();
      return toLiveShow(await insertSandboxShow(db, sellerId, show, now), now);
    },
    async listShows(sellerId) {
      await requireSeller(sellerId);
      const now = options.clock.now();
      return (await sandboxShowsOf(db, sellerId)).map((row) => toLiveShow(row, now));
    },
    async openReplay(sellerId, showId) {
      const row = await findSandboxShow(db, sellerId, showId);
      const show = row && toLiveShow(row, options.clock.now());
      if (!row?.replayFile || !show?.replay) throw new LivePlatformError('no replay');
      return createReadStream(path.join(options.replayDir, path.basename(row.replayFile)));
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

/** Where the sandbox keeps replay videos. */
export const sandboxReplayDir = (dataDir: string) => path.join(dataDir, 'live-replays');
