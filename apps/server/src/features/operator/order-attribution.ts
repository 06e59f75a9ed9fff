import type { OperatorOrderAttribution } from '@popstage/core/operator';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { popclips } from '../../db/schema';
import { orderAttribution } from '../analytics';
import { findShop } from '../shop';

/**
 * What Popstage recorded for an order: whether its orders/create webhook reached the app, and the
 * credited lines with their clips' titles (the sandbox's order page shows it beside the order).
 */
export async function readOrderAttribution(
  db: Db,
  shopDomain: string,
  orderId: string,
): Promise<OperatorOrderAttribution> {
  const shop = await findShop(db, shopDomain);
  if (!shop || shop.uninstalledAt !== null) return { installed: false, received: false, lines: [] };
  const recorded = await orderAttribution(db, shop.id, orderId);
  const credited = recorded?.attributions ?? [];
  const clipIds = [...new Set(credited.map((line) => line.clipId))];
  const clips =
    clipIds.length === 0
      ? []
      : await db
          .select({ id: popclips.metaIdentifier, title: popclips.title })
          .from(popclips)
          .where(and(eq(popclips.shopId, shop.id), inArray(popclips.metaIdentifier, clipIds)));
  const titles = new Map(clips.map((clip) => [clip.id, clip.title]));
  return {
    installed: true,
    received: recorded !== undefined,
    lines: credited.map((line) => ({ ...line, clipTitle: titles.get(line.clipId) ?? null })),
  };
}
