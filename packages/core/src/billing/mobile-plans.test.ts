import { describe, expect, it } from 'vitest';
import {
  mobileDownloadsText,
  mobilePlanName,
  mobilePlatforms,
  mobileShowsContactSales,
  supportsAndroid,
} from './mobile-plans';

describe('mobile plans', () => {
  it('reads plan names', () => {
    expect(mobilePlanName(' Pro ')).toBe('pro');
    expect(mobilePlanName('gold')).toBeNull();
    expect(mobilePlanName(null)).toBeNull();
  });

  it('has Android from Pro', () => {
    expect(mobilePlatforms('basic')).toEqual(['ios']);
    expect(supportsAndroid('basic')).toBe(false);
    expect(supportsAndroid('pro')).toBe(true);
    expect(supportsAndroid('premium')).toBe(true);
  });

  it('words the download limits and when to contact sales', () => {
    expect(mobileDownloadsText('basic')).toBe('1,000 app downloads');
    expect(mobileDownloadsText('pro')).toBe('10,000 app downloads');
    expect(mobileDownloadsText('premium')).toBe('Unlimited app downloads');
    expect(mobileShowsContactSales('pro')).toBe(true);
    expect(mobileShowsContactSales('premium')).toBe(false);
  });
});
