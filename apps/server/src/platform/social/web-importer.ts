import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { SocialSourceType } from '@popstage/core/popclips';
import type { ObjectStore } from '../storage/port';
import { extractVideo } from './extract';
import { type DownloadedVideo, SocialImportError, type SocialImporter } from './port';

export interface WebSocialImporterOptions {
  fetch?: typeof fetch;
  /** Reading the post's page, in ms. */
  pageTimeoutMs?: number;
  /** Waiting for the video's answer (headers), in ms. */
  videoConnectTimeoutMs?: number;
  /** The whole video download, in ms. */
  videoTimeoutMs?: number;
  /** Largest page read (the HTML), in bytes. */
  maxPageBytes?: number;
  /** Tests: where a post URL is fetched from (a local fake standing in for the network). */
  rewritePostUrl?: (url: URL) => URL;
}

// A browser-like agent: both networks serve their Open Graph tags to ordinary browsers and
// link-preview crawlers alike.
const USER_AGENT =
  'Mozilla/5.0 (compatible; PopstageImporter/1.0; +https://popstage.app) facebookexternalhit/1.1';
const VIDEO_TYPES = /^(video\/|application\/octet-stream|binary\/octet-stream)/i;

/** The real importer: the public page, its video URL, then the file streamed with limits. */
export function createWebSocialImporter(options: WebSocialImporterOptions = {}): SocialImporter {
  const fetchImpl = options.fetch ?? fetch;
  const pageTimeoutMs = options.pageTimeoutMs ?? 10_000;
  const videoConnectTimeoutMs = options.videoConnectTimeoutMs ?? 15_000;
  const videoTimeoutMs = options.videoTimeoutMs ?? 120_000;
  const maxPageBytes = options.maxPageBytes ?? 3 * 1024 * 1024;

  async function resolve(
    _source: SocialSourceType,
    postUrl: string,
    { signal }: { signal?: AbortSignal } = {},
  ) {
    let url = new URL(postUrl.trim());
    if (options.rewritePostUrl) url = options.rewritePostUrl(url);
    const timeout = AbortSignal.timeout(pageTimeoutMs);
    const response = await fetchImpl(url, {
      headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml' },
      redirect: 'follow',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    }).catch((error: unknown) => {
      throw new SocialImportError('unavailable', `page fetch failed: ${String(error)}`);
    });
    if (response.status === 404 || response.status === 410) {
      await response.body?.cancel();
      throw new SocialImportError('not_found', `page answered ${response.status}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new SocialImportError('unavailable', `page answered ${response.status}`);
    }
    const html = await readText(response, maxPageBytes).catch((error: unknown) => {
      if (error instanceof SocialImportError) throw error;
      throw new SocialImportError('unavailable', `page read failed: ${String(error)}`);
    });
    const found = extractVideo(html, response.url || url.toString());
    if (!found) throw new SocialImportError('not_found', 'no video on the page');
    return found;
  }

  async function download(
    videoUrl: string,
    { store, key, maxBytes }: { store: ObjectStore; key: string; maxBytes: number },
    { signal }: { signal?: AbortSignal } = {},
  ): Promise<DownloadedVideo> {
    if (!/^https?:\/\//i.test(videoUrl)) {
      throw new SocialImportError('not_found', 'the video URL is not http(s)');
    }
    const whole = AbortSignal.timeout(videoTimeoutMs);
    const connect = AbortSignal.timeout(videoConnectTimeoutMs);
    const overall = signal ? AbortSignal.any([signal, whole]) : whole;
    const response = await fetchImpl(videoUrl, {
      headers: { 'user-agent': USER_AGENT },
      redirect: 'follow',
      signal: AbortSignal.any([overall, connect]),
    }).catch((error: unknown) => {
      throw new SocialImportError('unavailable', `video fetch failed: ${String(error)}`);
    });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      const failure =
        response.status === 404 || response.status === 403 ? 'not_found' : 'unavailable';
      throw new SocialImportError(failure, `video answered ${response.status}`);
    }
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (contentType && !VIDEO_TYPES.test(contentType)) {
      await response.body.cancel();
      throw new SocialImportError('not_found', `not a video (${contentType})`);
    }
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body.cancel();
      throw new SocialImportError('too_large', `video is ${declared} bytes`);
    }
    // The connect timeout is over once the answer arrived; the whole-download one stays.
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) done(new SocialImportError('too_large', `over ${maxBytes} bytes`));
        else done(null, chunk);
      },
    });
    const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>, {
      signal: overall,
    });
    body.on('error', (error) => limit.destroy(error));
    const stored = contentType.startsWith('video/') ? contentType : 'video/mp4';
    try {
      await store.putObject(key, body.pipe(limit), { contentType: stored });
    } catch (error) {
      await store.deleteObject(key).catch(() => {});
      if (error instanceof SocialImportError) throw error;
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof SocialImportError) throw cause;
      throw new SocialImportError('unavailable', `video download failed: ${String(error)}`);
    }
    return { size, contentType: stored };
  }

  return { kind: 'web', resolve, download };
}

/** The page as text, refusing more than maxBytes. */
async function readText(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel();
      throw new SocialImportError('not_found', 'the page is too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
