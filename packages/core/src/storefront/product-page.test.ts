import { describe, expect, it } from 'vitest';
import type { DisplayTarget } from '../popclips/display';
import {
  type ProductPageClip,
  productKey,
  productPageClipCounts,
  productPageClips,
  productPageTarget,
} from './product-page';

const ALL: DisplayTarget[] = ['WEB_PDP', 'MOBILE_PDP', 'MOBILE_WEB_PDP'];
const gid = (n: number) => `gid://shopify/Product/${n}`;
const clip = (
  id: string,
  products: number[],
  displayTargets: DisplayTarget[] = ALL,
): ProductPageClip & { id: string } => ({
  id,
  displayTargets,
  products: products.map((n) => ({ id: gid(n) })),
});
const shown = { hidePopClipsOnPDP: false };
const hidden = { hidePopClipsOnPDP: true };

describe('product page clips', () => {
  it('maps devices to their web product-page target (MOBILE_PDP is the mobile app)', () => {
    expect(productPageTarget('desktop')).toBe('WEB_PDP');
    expect(productPageTarget('mobile')).toBe('MOBILE_WEB_PDP');
    expect(productKey(gid(77))).toBe('77');
    expect(productKey('77')).toBe('77');
  });

  it('keeps the clips tagged with the product and shown on the device, in feed order', () => {
    const clips = [
      clip('a', [1, 2]),
      clip('b', [2]),
      clip('c', [1], ['MOBILE_WEB_PDP']),
      clip('d', [1], ['MOBILE_PDP']),
      clip('e', [1], []),
    ];
    const ids = (list: { id: string }[]) => list.map((c) => c.id);
    expect(ids(productPageClips(clips, gid(1), 'desktop', shown))).toEqual(['a']);
    expect(ids(productPageClips(clips, gid(1), 'mobile', shown))).toEqual(['a', 'c']);
    // The product block names the product by GID; a bare numeric id matches the same product.
    expect(ids(productPageClips(clips, '2', 'desktop', shown))).toEqual(['a', 'b']);
    expect(productPageClips(clips, gid(3), 'desktop', shown)).toEqual([]);
    expect(productPageClips(clips, gid(1), 'mobile', hidden)).toEqual([]);
  });

  it('counts each product once per clip, the larger of mobile and desktop; leaves out zeros', () => {
    const counts = productPageClipCounts(
      [
        clip('a', [1, 2]),
        clip('b', [2, 2]),
        clip('c', [1], ['MOBILE_WEB_PDP']),
        clip('d', [3], ['WEB_PDP']),
        clip('e', [4], []),
        clip('f', [5], ['MOBILE_PDP']),
      ],
      shown,
    );
    expect(Object.fromEntries(counts)).toEqual({
      [gid(1)]: 2,
      [gid(2)]: 2,
      [gid(3)]: 1,
    });
  });

  it('counts nothing when the shop hides Popclips on product pages', () => {
    expect(productPageClipCounts([clip('a', [1])], hidden).size).toBe(0);
  });
});
