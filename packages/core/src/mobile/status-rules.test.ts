import { describe, expect, it } from 'vitest';
import { inventoryLimitErrors, normaliseSupportUrl, supportUrlError } from './fields';
import { MOBILE_MESSAGES as M } from './messages';
import { mobileStatusBanners, NO_REVIEW } from './status-banners';

describe('mobile status banners, word for word', () => {
  it('shows each review state of each platform with its title and text', () => {
    const banners = mobileStatusBanners({
      ...NO_REVIEW,
      iosStatus: ' review ',
      androidStatus: 'REVIEW',
    });
    expect(banners).toEqual([
      {
        key: 'ios',
        tone: 'info',
        title: 'iOS App Under Review',
        body: 'Your app has been submitted to Apple and is awaiting their review.',
        link: null,
      },
      {
        key: 'android',
        tone: 'info',
        title: 'Android App Under Review',
        body: 'Your app has been submitted to Google and is awaiting their review.',
        link: null,
      },
    ]);
    expect(
      mobileStatusBanners({ ...NO_REVIEW, iosStatus: 'NEW', androidStatus: 'BLOCKED' }),
    ).toEqual([
      {
        key: 'ios',
        tone: 'info',
        title: 'iOS App Approval Pending',
        body: 'Your app is being built. It is ready 2-3 weeks after submission.',
        link: null,
      },
      {
        key: 'android',
        tone: 'critical',
        title: 'Android Approval Blocked',
        body: 'The store refused the app. Popstage support will contact you.',
        link: null,
      },
    ]);
  });

  it('calls an app live with or without its store link, and shows nothing for an unknown state', () => {
    expect(
      mobileStatusBanners({
        ...NO_REVIEW,
        iosLink: 'https://apps.apple.com/app/1',
        androidStatus: 'live',
      }),
    ).toEqual([
      {
        key: 'ios',
        tone: 'success',
        title: 'iOS App Live',
        body: 'Your app is live in the store.',
        link: 'https://apps.apple.com/app/1',
      },
      {
        key: 'android',
        tone: 'success',
        title: 'Android App Live',
        body: 'Your app is live.',
        link: null,
      },
    ]);
    expect(mobileStatusBanners({ ...NO_REVIEW, iosStatus: 'SOMETHING' })).toEqual([]);
  });

  it('puts the customer issue and the blocked reason first, trimmed, and skips blank ones', () => {
    expect(
      mobileStatusBanners({
        ...NO_REVIEW,
        customerIssue: '  Send the DUNS  ',
        blockedDescription: ' Logo ',
      }),
    ).toEqual([
      {
        key: 'customer',
        tone: 'critical',
        title: 'Customer Action Required',
        body: 'Send the DUNS',
        link: null,
      },
      { key: 'blocked', tone: 'critical', title: 'Approval Blocked', body: 'Logo', link: null },
    ]);
    expect(
      mobileStatusBanners({ ...NO_REVIEW, customerIssue: '  ', blockedDescription: '' }),
    ).toEqual([]);
  });
});

describe('setup fields', () => {
  it('puts https:// in front of a support URL that does not start with http', () => {
    expect(normaliseSupportUrl(' shop.example/help ')).toBe('https://shop.example/help');
    expect(normaliseSupportUrl('HTTP://shop.example')).toBe('HTTP://shop.example');
    expect(normaliseSupportUrl('  ')).toBe('');
  });

  it('takes support URLs of up to 50 characters', () => {
    const at = (n: number) => `https://${'a'.repeat(n - 'https://.com'.length)}.com`;
    expect(supportUrlError(at(50))).toBeNull();
    expect(supportUrlError(at(51))).toBe('Maximum 50 characters');
    expect(supportUrlError(' ')).toBe(M.required);
  });

  it('takes an inventory display of 1 to 99', () => {
    expect(inventoryLimitErrors(' 7 ')).toEqual([]);
    expect(inventoryLimitErrors('99')).toEqual([]);
    for (const raw of ['', '  ', 'abc', '0', '1.5', '100']) {
      expect(inventoryLimitErrors(raw)).toEqual([M.invalidInput]);
    }
    expect(inventoryLimitErrors('-3')).toEqual([M.invalidInput, M.negativeInventory]);
  });
});
