import { describe, expect, it } from 'vitest';
import { readyShop } from '../../test/shop-fixture';
import { hasMobileAppLink } from './mobile-app-links';

describe('hasMobileAppLink', () => {
  const app = readyShop().mobileApp;
  it.each([
    [{ ...app }, false],
    [{ ...app, iosLink: 'https://apps.apple.com/app/1' }, true],
    [{ ...app, androidLink: 'https://play.google.com/x' }, true],
    [{ ...app, iosLink: '  ' }, false],
  ])('%o → %s', (mobileApp, expected) => {
    expect(hasMobileAppLink({ mobileApp })).toBe(expected);
  });
});
