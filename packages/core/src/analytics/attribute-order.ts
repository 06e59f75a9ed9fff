import { ATTRIBUTION_WINDOWS, type AttributionWindows } from './attribution-windows';
import type { ClipInteraction, LineAttribution, OrderInput } from './order-input';

const HOUR_MS = 3_600_000;

/** Interactions that name the product they were about. */
const PRODUCT_ACTIONS = new Set<ClipInteraction['type']>(['click', 'add_to_cart']);
/** Interactions that show interest beyond watching (credit other products of the order). */
const ENGAGEMENTS = new Set<ClipInteraction['type']>(['click', 'add_to_cart', 'like']);

/**
 * Credits each line item of an order to at most one clip, with precedence direct > indirect >
 * influenced (docs/decisions.md "Sales attribution"):
 * - direct: the line carries the clip it was added from, or the visitor clicked or added this very
 *   product from a clip within the direct window (that clip, the latest such interaction);
 * - indirect: the visitor clicked, added or liked in a clip within the indirect window (the
 *   latest such clip: last touch);
 * - influenced: the visitor viewed a clip within the influenced window (the latest viewed clip).
 * Lines without a product (custom items, tips) are never credited. Interactions after the order
 * time are ignored; a window's edge is inclusive.
 */
export function attributeOrder(
  order: Pick<OrderInput, 'orderedAt' | 'lines'>,
  interactions: readonly ClipInteraction[],
  windows: AttributionWindows = ATTRIBUTION_WINDOWS,
): LineAttribution[] {
  const orderedAt = order.orderedAt.getTime();
  const since = (hours: number) => orderedAt - hours * HOUR_MS;
  // Newest first, so every "latest" below is the first match.
  const recent = interactions
    .filter((event) => event.occurredAt.getTime() <= orderedAt)
    .sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime());
  const latest = (hours: number, test: (event: ClipInteraction) => boolean) =>
    recent.find((event) => event.occurredAt.getTime() >= since(hours) && test(event));

  const engagement = latest(windows.indirectHours, (event) => ENGAGEMENTS.has(event.type));
  const view = latest(windows.influencedHours, (event) => event.type === 'view');

  return order.lines.flatMap((line): LineAttribution[] => {
    const { productId } = line;
    if (productId === null) return [];
    const directClip =
      line.clipId ??
      latest(
        windows.directHours,
        (event) => PRODUCT_ACTIONS.has(event.type) && event.productId === productId,
      )?.clipId;
    const credit = directClip
      ? { kind: 'direct' as const, clipId: directClip }
      : engagement
        ? { kind: 'indirect' as const, clipId: engagement.clipId }
        : view
          ? { kind: 'influenced' as const, clipId: view.clipId }
          : null;
    if (!credit) return [];
    return [
      {
        lineItemId: line.lineItemId,
        productId,
        clipId: credit.clipId,
        kind: credit.kind,
        quantity: line.quantity,
        revenueCents: line.revenueCents,
      },
    ];
  });
}
