import { POPCLIP_VALIDATION_MESSAGES as M } from './messages';

/** Import source URLs (spec 02 §5). {host} in the spec is each network's web origin. */

export const INSTAGRAM_HOST = 'https://www.instagram.com';
export const TIKTOK_HOST = 'https://www.tiktok.com';

export const CLIP_SOURCE_TYPES = ['instagram', 'tiktok', 'device'] as const;
export type ClipSourceType = (typeof CLIP_SOURCE_TYPES)[number];
export const DEFAULT_CLIP_SOURCE_TYPE: ClipSourceType = 'device';
export type SocialSourceType = Exclude<ClipSourceType, 'device'>;

/** 'The link must start with https://www.instagram.com/reel/' */
export const INSTAGRAM_URL_MESSAGE = `${M.instagramUrlPrefix}${INSTAGRAM_HOST}/reel/`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// "Must start with {host}/reel/": anything may follow the reel code (query, slash, tracking).
const INSTAGRAM_REEL = new RegExp(`^${escapeRegExp(INSTAGRAM_HOST)}/reel/[A-Za-z0-9_-]+`);
// {host}/@user/video/{digits} or {host}/t/{code}, an optional trailing slash; the query and
// fragment are cut off before matching.
const TIKTOK_VIDEO = new RegExp(
  `^${escapeRegExp(TIKTOK_HOST)}/(?:@[A-Za-z0-9_.]+/video/\\d+|t/[A-Za-z0-9]+)/?$`,
);

export function isValidInstagramReelUrl(url: string): boolean {
  return INSTAGRAM_REEL.test(url.trim());
}

export function isValidTikTokVideoUrl(url: string): boolean {
  const withoutQuery = url.trim().split(/[?#]/, 1)[0] ?? '';
  return TIKTOK_VIDEO.test(withoutQuery);
}

/** The inline error of the source URL field, or null when the URL can be imported. */
export function sourceUrlError(source: SocialSourceType, url: string): string | null {
  if (url.trim() === '') return M.sourceUrlRequired;
  if (source === 'tiktok') return isValidTikTokVideoUrl(url) ? null : M.invalidTikTokUrl;
  return isValidInstagramReelUrl(url) ? null : INSTAGRAM_URL_MESSAGE;
}

/** Import is disabled while the URL is empty or invalid (spec 02 §2). */
export function canImportSourceUrl(source: SocialSourceType, url: string): boolean {
  return sourceUrlError(source, url) === null;
}
