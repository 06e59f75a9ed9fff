import { type DisplayTarget, showsOn } from '../popclips/display';

/**
 * Which clips a product page shows, once for the widget (which renders them) and the server
 * (which writes their number on the product, so the theme's product block can reserve the row
 * before the widget runs: issue 7, no layout shift).
 */

/** Below 750 px the storefront is a phone's (Shopify themes switch layout there). */
export type StorefrontDevice = 'mobile' | 'desktop';
export const STOREFRONT_DEVICES: readonly StorefrontDevice[] = ['mobile', 'desktop'];

/** The product-page display target of the device the shopper browses with (spec 02 §3). */
export function productPageTarget(device: StorefrontDevice): DisplayTarget {
  return device === 'mobile' ? 'MOBILE_WEB_PDP' : 'WEB_PDP';
}

/** The numeric id of a product GID, or the value itself ('gid://shopify/Product/1' → '1'). */
export function productKey(id: string): string {
  return id.slice(id.lastIndexOf('/') + 1);
}

/** What the rule reads of a feed clip: its targets and its products as the feed carries them. */
export interface ProductPageClip {
  displayTargets: readonly DisplayTarget[];
  /** Only live products (active, something in stock): the feed leaves the others out. */
  products: readonly { id: string }[];
}

/**
 * The clips of a product page, in feed order: none when the shop hides Popclips on product pages;
 * otherwise those tagged with the product and shown on the device's product pages. `clips` are
 * the feed's (processed, public, the newest 200).
 */
export function productPageClips<C extends ProductPageClip>(
  clips: readonly C[],
  productId: string,
  device: StorefrontDevice,
  settings: { hidePopClipsOnPDP: boolean },
): C[] {
  if (settings.hidePopClipsOnPDP) return [];
  const key = productKey(productId);
  const target = productPageTarget(device);
  return clips.filter(
    (clip) =>
      showsOn(clip.displayTargets, target) &&
      clip.products.some((product) => productKey(product.id) === key),
  );
}

/**
 * How many clips each product's page shows, by product id (products with none are absent). The
 * theme cannot tell the device apart, so a page counts the larger of its mobile and desktop rows;
 * the admin stores targets all or none (displayTargetsFor), so the two agree.
 */
export function productPageClipCounts(
  clips: readonly ProductPageClip[],
  settings: { hidePopClipsOnPDP: boolean },
): Map<string, number> {
  const counts = new Map<string, number>();
  if (settings.hidePopClipsOnPDP) return counts;
  const ids = new Map<string, string>();
  for (const clip of clips) {
    for (const product of clip.products) {
      if (!ids.has(productKey(product.id))) ids.set(productKey(product.id), product.id);
    }
  }
  for (const [key, id] of ids) {
    const perDevice = STOREFRONT_DEVICES.map(
      (device) => productPageClips(clips, key, device, settings).length,
    );
    const count = Math.max(...perDevice);
    if (count > 0) counts.set(id, count);
  }
  return counts;
}

/**
 * The height of the widget's product-page row (no heading): a 9:16 tile min(42vw, 200px) wide,
 * the caption line (4px gap, .9em × 1.3 line height = 1.17em) and the row's padding (8px + 8px,
 * 6px under the list): apps/widget/src/styles.ts. The product block puts it inline as its
 * min-height when the product's clip count is above 0 (extensions/popstage/blocks/product.liquid).
 */
export const PRODUCT_ROW_MIN_HEIGHT = 'calc(min(42vw, 200px) * 16 / 9 + 26px + 1.17em)';
