import { describe, expect, it } from 'vitest';
import {
  canImportSourceUrl,
  INSTAGRAM_URL_MESSAGE,
  isValidInstagramReelUrl,
  isValidTikTokVideoUrl,
  sourceUrlError,
} from './source-url';

describe('Instagram source URL', () => {
  it.each([
    'https://www.instagram.com/reel/C1a2B3c4D5e/',
    'https://www.instagram.com/reel/C1a2B3c4D5e',
    'https://www.instagram.com/reel/C1a_B-3/?igsh=abc',
    '  https://www.instagram.com/reel/abc  ',
  ])('accepts %s', (url) => expect(isValidInstagramReelUrl(url)).toBe(true));

  it.each([
    'https://www.instagram.com/p/C1a2B3c4D5e/',
    'https://www.instagram.com/tv/C1a2B3c4D5e/',
    'https://www.instagram.com/reels/C1a2B3c4D5e/',
    'https://www.instagram.com/reel/',
    'http://www.instagram.com/reel/abc',
    'https://instagram.com/reel/abc',
    'https://www.instagram.com.evil.test/reel/abc',
  ])('refuses %s', (url) => expect(isValidInstagramReelUrl(url)).toBe(false));

  it('names the host in the message', () => {
    expect(INSTAGRAM_URL_MESSAGE).toBe('The link must start with https://www.instagram.com/reel/');
    expect(sourceUrlError('instagram', 'https://www.instagram.com/p/x')).toBe(
      INSTAGRAM_URL_MESSAGE,
    );
  });
});

describe('TikTok source URL', () => {
  it.each([
    'https://www.tiktok.com/@some.user_1/video/7234567890123456789',
    'https://www.tiktok.com/@user/video/123/',
    'https://www.tiktok.com/@user/video/123?is_from_webapp=1&sender_device=pc',
    'https://www.tiktok.com/t/ZTRabc123/',
    'https://www.tiktok.com/t/ZTRabc123#x',
  ])('accepts %s', (url) => expect(isValidTikTokVideoUrl(url)).toBe(true));

  it.each([
    'https://www.tiktok.com/@user/video/abc',
    'https://www.tiktok.com/@user',
    'https://www.tiktok.com/t/',
    'https://vm.tiktok.com/ZTRabc123/',
    'https://www.tiktok.com/@user/video/123/extra',
    'https://www.tiktok.com.evil.test/@user/video/123',
  ])('refuses %s', (url) => expect(isValidTikTokVideoUrl(url)).toBe(false));

  it('answers the spec message', () => {
    expect(sourceUrlError('tiktok', 'https://example.com')).toBe(
      'This is not a valid TikTok reel URL',
    );
  });
});

describe('source URL field', () => {
  it('requires a value after trimming', () => {
    expect(sourceUrlError('tiktok', '   ')).toBe('This is a required field');
    expect(sourceUrlError('instagram', '')).toBe('This is a required field');
  });

  it('enables Import only for a valid URL', () => {
    expect(canImportSourceUrl('tiktok', '')).toBe(false);
    expect(canImportSourceUrl('tiktok', 'https://www.tiktok.com/t/abc')).toBe(true);
    expect(canImportSourceUrl('instagram', 'https://www.instagram.com/reel/abc')).toBe(true);
  });
});
