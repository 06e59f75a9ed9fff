import type { SocialSourceType } from '@popstage/core/popclips';
import type { ObjectStore } from '../storage/port';

/**
 * SocialImporter: brings a public Instagram reel or TikTok video into the ObjectStore. Neither
 * network has an open API for this: the web adapter reads the public page (og:video and the
 * page's own video URL) and streams the file; the sandbox adapter maps any valid URL to bundled
 * sample clips, so import works offline.
 */
export interface ResolvedSocialVideo {
  /** Where the video file is (http(s), or a sandbox sample reference). */
  videoUrl: string;
  /** The post's title (og:title), when the page has one. */
  title: string | null;
}

export interface DownloadedVideo {
  size: number;
  contentType: string;
}

export interface SocialImporter {
  readonly kind: 'sandbox' | 'web';
  /** Finds the post's video. Fails with SocialImportError. */
  resolve(
    source: SocialSourceType,
    postUrl: string,
    options?: { signal?: AbortSignal },
  ): Promise<ResolvedSocialVideo>;
  /** Streams the video into the store at `key` (at most maxBytes; nothing is kept on failure). */
  download(
    videoUrl: string,
    target: { store: ObjectStore; key: string; maxBytes: number },
    options?: { signal?: AbortSignal },
  ): Promise<DownloadedVideo>;
}

/**
 * not_found: the page has no video we can read (wrong URL, private post); too_large: over the
 * limit; unavailable: the network failed or timed out (worth retrying later).
 */
export type SocialImportFailure = 'not_found' | 'too_large' | 'unavailable';

export class SocialImportError extends Error {
  constructor(
    readonly failure: SocialImportFailure,
    detail: string,
  ) {
    super(`${failure}: ${detail}`);
    this.name = 'SocialImportError';
  }
}
