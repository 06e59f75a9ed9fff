import { describe, expect, it } from 'vitest';
import { carouselFormError } from '../carousels/rules';
import { displayTargetsFor, isExcludedFromProductPage, showsOn } from './display';
import { featuredIdAfterDelete, featuredIdAfterSave, needsFeaturedOverride } from './featured';
import { fileExtension, sanitizeFileName } from './file-name';
import { canImportFromSocial, creationBlockedMessage, upgradeOffer } from './gating';
import { isProcessed, popclipStatusLabel, shouldPollClips } from './status';
import { truncateClipTitle } from './title';

describe('title display', () => {
  it('cuts at 46 characters', () => {
    expect(truncateClipTitle('a'.repeat(46))).toBe('a'.repeat(46));
    expect(truncateClipTitle('a'.repeat(47))).toBe(`${'a'.repeat(46)}...`);
  });

  it('never splits an emoji', () => {
    const title = `${'a'.repeat(45)}😀😀`;
    expect(truncateClipTitle(title)).toBe(`${'a'.repeat(45)}😀...`);
  });
});

describe('file names', () => {
  it('keeps only alphanumerics, and the extension', () => {
    expect(sanitizeFileName('My Summer (final)!.MP4')).toBe('MySummerfinal.mp4');
    expect(sanitizeFileName('../../etc/passwd')).toBe('etcpasswd');
    expect(sanitizeFileName('été.mov')).toBe('t.mov');
    expect(sanitizeFileName('***.png')).toBe('file.png');
    expect(sanitizeFileName('')).toBe('file');
    expect(sanitizeFileName('.hidden')).toBe('hidden');
  });

  it('bounds the length', () => {
    expect(sanitizeFileName(`${'a'.repeat(300)}.mp4`)).toBe(`${'a'.repeat(100)}.mp4`);
  });

  it('reads extensions', () => {
    expect(fileExtension('a.b.MOV')).toBe('mov');
    expect(fileExtension('noext')).toBe('');
    expect(fileExtension('.env')).toBe('');
  });
});

describe('display targets', () => {
  it('excluding from product pages empties the list', () => {
    expect(displayTargetsFor(true)).toEqual([]);
    expect(displayTargetsFor(false)).toEqual(['WEB_PDP', 'MOBILE_PDP', 'MOBILE_WEB_PDP']);
    expect(isExcludedFromProductPage([])).toBe(true);
    expect(isExcludedFromProductPage(['WEB_PDP'])).toBe(false);
    expect(showsOn(['MOBILE_PDP'], 'WEB_PDP')).toBe(false);
  });
});

describe('featured clip', () => {
  it('asks to override another featured clip only', () => {
    expect(needsFeaturedOverride({ currentFeaturedId: 'a', clipId: 'b', featured: true })).toBe(
      true,
    );
    expect(needsFeaturedOverride({ currentFeaturedId: 'a', clipId: 'a', featured: true })).toBe(
      false,
    );
    expect(needsFeaturedOverride({ currentFeaturedId: null, clipId: 'b', featured: true })).toBe(
      false,
    );
    expect(needsFeaturedOverride({ currentFeaturedId: 'a', clipId: 'b', featured: false })).toBe(
      false,
    );
  });

  it('moves, clears or keeps the featured id on save', () => {
    expect(featuredIdAfterSave({ currentFeaturedId: 'a', clipId: 'b', featured: true })).toBe('b');
    expect(featuredIdAfterSave({ currentFeaturedId: 'a', clipId: 'a', featured: false })).toBe(
      null,
    );
    expect(featuredIdAfterSave({ currentFeaturedId: 'a', clipId: 'b', featured: false })).toBe('a');
  });

  it('clears the featured id when that clip is deleted', () => {
    expect(featuredIdAfterDelete('a', 'a')).toBeNull();
    expect(featuredIdAfterDelete('a', 'b')).toBe('a');
  });
});

describe('status', () => {
  it('shows Processing... while uploading or processing, and polls while processing', () => {
    expect(isProcessed('processed')).toBe(true);
    expect(popclipStatusLabel('processed')).toBeNull();
    expect(popclipStatusLabel('processing')).toBe('Processing...');
    expect(popclipStatusLabel('uploading')).toBe('Processing...');
    // A failure shows its reason instead; an abandoned upload says so (issue 14 §1).
    expect(popclipStatusLabel('failed')).toBeNull();
    expect(popclipStatusLabel('interrupted')).toBe('Upload interrupted');
    expect(shouldPollClips([{ status: 'interrupted' }])).toBe(false);
    expect(shouldPollClips([{ status: 'processed' }, { status: 'processing' }])).toBe(true);
    expect(shouldPollClips([{ status: 'processed' }, { status: 'failed' }])).toBe(false);
  });
});

describe('upgrade offers (issue 20 §12)', () => {
  it('offers premium at its price for collection carousels, basic at $29.99 otherwise', () => {
    expect(upgradeOffer('categoryCarousels')).toEqual({
      level: 'premium',
      priceText: '$149.99/month',
    });
    expect(upgradeOffer('instagramImport')).toEqual({ level: 'basic', priceText: '$29.99/month' });
    expect(upgradeOffer('default')).toEqual({ level: 'basic', priceText: '$29.99/month' });
  });
});

describe('gating', () => {
  it('blocks creation when access is limited on a limited plan', () => {
    expect(creationBlockedMessage({ limitAccess: true, maxViews: 15000 })).toBe(
      "You've reached your current plan's view limits of 15,000. In order to create new Popclips please upgrade.",
    );
    expect(creationBlockedMessage({ limitAccess: true, maxViews: -1 })).toBeNull();
    expect(creationBlockedMessage({ limitAccess: false, maxViews: 15000 })).toBeNull();
  });

  it('lets basic and premium import', () => {
    expect(canImportFromSocial('free')).toBe(false);
    expect(canImportFromSocial('basic')).toBe(true);
    expect(canImportFromSocial('premium')).toBe(true);
  });
});

describe('carousel form', () => {
  it('checks the title, then the clips or the collection', () => {
    const custom = { title: 'Summer', type: 'custom' as const, typeIds: ['a', 'b', 'c'] };
    expect(carouselFormError(custom)).toBeNull();
    expect(carouselFormError({ ...custom, title: ' ' })).toBe(
      'Please enter a title for the carousel',
    );
    expect(carouselFormError({ ...custom, typeIds: ['a', 'b'] })).toBe(
      'Please select at least 3 Popclips to create a carousel',
    );
    expect(carouselFormError({ title: 'C', type: 'collection', typeIds: [] })).toBe(
      'Please select collection to create a carousel',
    );
    expect(carouselFormError({ title: 'C', type: 'collection', typeIds: ['c1'] })).toBeNull();
  });
});
