import { describe, expect, it } from 'vitest';
import { carouselsUnpublishedByDelete, unpublishWarning } from './rules';

const carousel = (title: string, ids: string[], extra: object = {}) => ({
  carousel_title: title,
  carousel_type: 'custom' as const,
  carousel_type_ids: ids,
  is_published: true,
  ...extra,
});

describe('deleting a clip of a carousel (issue 20 §13)', () => {
  it('names the published custom carousels it would leave under 3 clips', () => {
    const three = carousel('Three', ['a', 'b', 'c']);
    const four = carousel('Four', ['a', 'b', 'c', 'd']);
    const draft = carousel('Draft', ['a', 'b', 'c'], { is_published: false });
    const other = carousel('Other', ['x', 'y', 'z']);
    const collection = carousel('Collection', ['gid://shopify/Collection/1'], {
      carousel_type: 'collection',
    });
    expect(
      carouselsUnpublishedByDelete([three, four, draft, other, collection], 'a').map(
        (c) => c.carousel_title,
      ),
    ).toEqual(['Three']);
  });

  it('warns in one sentence', () => {
    expect(unpublishWarning(['Summer'])).toBe(
      'The published carousel "Summer" would have fewer than 3 Popclips, so it will be unpublished from your storefront.',
    );
    expect(unpublishWarning(['A', 'B'])).toContain('carousels "A", "B"');
  });
});
