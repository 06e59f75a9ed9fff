import { describe, expect, it } from 'vitest';
import { POPCLIP_VALIDATION_MESSAGES } from '../popclips/messages';
import {
  carouselEmbedHtml,
  carouselFormError,
  carouselOrder,
  carouselsUnpublishedByDelete,
  unpublishWarning,
} from './rules';

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

describe('the carousel form (spec 02 §2, §5)', () => {
  const M = POPCLIP_VALIDATION_MESSAGES;
  it('asks for a title first, then 3 clips for a custom carousel or one collection', () => {
    expect(carouselFormError({ title: '  ', type: 'custom', typeIds: [] })).toBe(
      M.carouselTitleEmpty,
    );
    expect(carouselFormError({ title: 'Summer', type: 'custom', typeIds: ['a', 'b'] })).toBe(
      M.carouselTooFewClips,
    );
    expect(carouselFormError({ title: 'Summer', type: 'custom', typeIds: ['a', 'b', 'c'] })).toBe(
      null,
    );
    expect(carouselFormError({ title: 'Summer', type: 'collection', typeIds: [] })).toBe(
      M.carouselCollectionRequired,
    );
    expect(carouselFormError({ title: 'Summer', type: 'collection', typeIds: ['c1', 'c2'] })).toBe(
      M.carouselCollectionRequired,
    );
    expect(carouselFormError({ title: 'Summer', type: 'collection', typeIds: ['c1'] })).toBe(null);
  });

  it('embeds a carousel by its id, stripped of anything that could leave the attribute', () => {
    expect(carouselEmbedHtml('0a0a-11"><script>')).toBe(
      '<div data-popstage-carousel="0a0a-11script"></div>',
    );
  });
});

describe('carouselOrder', () => {
  it('puts the stored order first, drops what is not shown, then the rest newest first', () => {
    expect(carouselOrder(['c', 'gone', 'a', 'c'], ['d', 'c', 'b', 'a'])).toEqual([
      'c',
      'a',
      'd',
      'b',
    ]);
    expect(carouselOrder([], ['d', 'c'])).toEqual(['d', 'c']);
  });
});
