import { describe, expect, it } from 'vitest';
import {
  type MobileStatusFacts,
  mobileStatusBanners,
  NO_REVIEW,
  platformStatus,
} from './status-banners';

const titles = (facts: Partial<MobileStatusFacts>) =>
  mobileStatusBanners({ ...NO_REVIEW, ...facts }).map((banner) => `${banner.tone}:${banner.title}`);

describe('mobile status banners', () => {
  it('shows nothing before a request', () => {
    expect(titles({})).toEqual([]);
  });

  it.each([
    ['PENDING', 'info:iOS App Approval Pending'],
    ['in progress', 'info:iOS App Approval Pending'],
    ['New', 'info:iOS App Approval Pending'],
    ['review', 'info:iOS App Under Review'],
    ['BLOCKED', 'critical:iOS Approval Blocked'],
    ['live', 'success:iOS App Live'],
  ])('reads iOS %s case-insensitively', (status, expected) => {
    expect(titles({ iosStatus: status })).toEqual([expected]);
  });

  it('prefixes Android, and a store link forces live whatever the status', () => {
    expect(titles({ androidStatus: 'REVIEW', androidLink: 'https://play.google.com/x' })).toEqual([
      'success:Android App Live',
    ]);
    expect(
      mobileStatusBanners({ ...NO_REVIEW, iosLink: 'https://apps.apple.com/x' })[0]?.link,
    ).toBe('https://apps.apple.com/x');
    expect(platformStatus(' review ', null)).toBe('REVIEW');
  });

  it('puts the customer issue and the blocked reason first, critical', () => {
    const banners = mobileStatusBanners({
      ...NO_REVIEW,
      customerIssue: 'Add a demo account',
      blockedDescription: 'Name taken',
      iosStatus: 'PENDING',
      androidStatus: 'PENDING',
    });
    expect(banners.map((banner) => [banner.tone, banner.title, banner.body])).toEqual([
      ['critical', 'Customer Action Required', 'Add a demo account'],
      ['critical', 'Approval Blocked', 'Name taken'],
      ['info', 'iOS App Approval Pending', expect.any(String)],
      ['info', 'Android App Approval Pending', expect.any(String)],
    ]);
  });

  it('ignores statuses it does not know', () => {
    expect(titles({ iosStatus: 'CUSTOMER' })).toEqual([]);
  });
});
