import { describe, expect, it } from 'vitest';
import {
  backTargetFor,
  currentNavigationItem,
  mobileEntryPath,
  navigationItems,
} from './navigation';
import { matchRoute, normalizePath, popclipEditPath } from './paths';

const labels = (items: ReturnType<typeof navigationItems>) => items.map((item) => item.label);

describe('navigationItems', () => {
  it('lists every item in the spec order when mobile and live are enabled', () => {
    const items = navigationItems({
      enabledFeatures: ['popclips', 'mobile', 'live'],
      hasMobileAppLink: false,
    });
    expect(labels(items)).toEqual([
      'Home',
      'Popclips: Shoppable Videos',
      'Mobile App Builder',
      'Live Stream Selling',
      'Insights',
      'Resources',
      'Subscription',
    ]);
    expect(items.map((item) => item.to)).toEqual([
      '/',
      '/popclips',
      '/mobile/setup',
      '/live',
      '/insights',
      '/resources',
      '/manage/plans',
    ]);
  });

  it('hides Mobile App Builder without the mobile feature', () => {
    const items = navigationItems({
      enabledFeatures: ['popclips', 'live'],
      hasMobileAppLink: true,
    });
    expect(labels(items)).not.toContain('Mobile App Builder');
    expect(labels(items)).toContain('Live Stream Selling');
  });

  it('hides Live Stream Selling without the live feature', () => {
    const items = navigationItems({ enabledFeatures: ['mobile'], hasMobileAppLink: false });
    expect(labels(items)).toEqual([
      'Home',
      'Popclips: Shoppable Videos',
      'Mobile App Builder',
      'Insights',
      'Resources',
      'Subscription',
    ]);
  });

  it('opens the notification screens once an iOS or Android link exists', () => {
    const items = navigationItems({ enabledFeatures: ['mobile'], hasMobileAppLink: true });
    expect(items.find((item) => item.id === 'mobile')?.to).toBe('/mobile/notifications-banners');
    expect(mobileEntryPath(false)).toBe('/mobile/setup');
  });
});

describe('currentNavigationItem', () => {
  const items = navigationItems({ enabledFeatures: ['mobile', 'live'], hasMobileAppLink: false });

  it.each([
    ['/', 'home'],
    ['/popclips/edit/abc', 'popclips'],
    ['/mobile/notification', 'mobile'],
    ['/live', 'live'],
    ['/insights/', 'insights'],
    ['/resources', 'resources'],
    ['/manage/plans', 'subscription'],
    ['/get-started', null],
    ['/nowhere', null],
  ])('marks %s as %s', (path, id) => {
    expect(currentNavigationItem(items, path)).toBe(id);
  });
});

describe('backTargetFor', () => {
  it.each([
    ['/manage/plans', '/'],
    ['/mobile/setup', '/'],
    ['/mobile/notification', '/mobile/notifications-banners'],
    ['/mobile/appearance', '/'],
    ['/mobile/custom-menu', '/'],
    ['/', null],
    ['/insights', null],
    ['/resources/articles/go-live', '/resources'],
    ['/resources', null],
    ['/popclips/create', '/popclips/list'],
    ['/popclips/edit/abc123', '/popclips/list'],
    ['/popclips/list', null],
  ])('gives %s a back arrow to %s', (path, target) => {
    expect(backTargetFor(path)).toBe(target);
  });
});

describe('paths', () => {
  it('matches concrete paths to their route pattern', () => {
    expect(matchRoute('/popclips/edit/m-123')).toBe('/popclips/edit/:id');
    expect(matchRoute('/popclips/edit/m-123/more')).toBeNull();
    expect(matchRoute('/manage/plans/')).toBe('/manage/plans');
    expect(matchRoute('/Manage/plans')).toBeNull();
  });

  it('normalizes trailing slashes, queries and hashes', () => {
    expect(normalizePath('/live/?x=1#y')).toBe('/live');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });

  it('builds the edit-clip path', () => {
    expect(popclipEditPath('a b')).toBe('/popclips/edit/a%20b');
  });
});
