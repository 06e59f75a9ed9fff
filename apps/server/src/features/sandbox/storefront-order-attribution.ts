import type { AttributionKind } from '@popstage/core/analytics';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { popclips } from '../../db/schema';
import { orderAttribution } from '../analytics';
import { findShop } from '../shop';

/**
 * What Popstage recorded for a sandbox order, for the confirmation page's panel: whether the
 * orders/create webhook reached the app, and the credited lines with their clips' titles.
 */
export interface OrderAttributionPanel {
  /** False when the app is not installed on the shop, or uninstalled (nothing is credited). */
  installed: boolean;
  /** The app has the order (its webhook was processed). */
  received: boolean;
  lines: {
    lineItemId: string;
    productId: string;
    clipId: string;
    /** Null when the clip has been deleted since. */
    clipTitle: string | null;
    kind: AttributionKind;
    quantity: number;
    revenueCents: number;
    currency: string;
  }[];
}

export async function readOrderAttribution(
  db: Db,
  shopDomain: string,
  orderId: string,
): Promise<OrderAttributionPanel> {
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
