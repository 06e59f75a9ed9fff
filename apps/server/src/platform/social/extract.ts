import type { ResolvedSocialVideo } from './port';

/**
 * The video of a public post page: the Open Graph video tags first (og:video:secure_url,
 * og:video:url, og:video, twitter:player:stream), then the URLs the networks embed in their page
 * data (Instagram "video_url", TikTok "playAddr" / "downloadAddr"). Relative URLs resolve
 * against the page.
 */
export function extractVideo(html: string, pageUrl: string): ResolvedSocialVideo | null {
  const meta = metaTags(html);
  const candidates = [
    meta.get('og:video:secure_url'),
    meta.get('og:video:url'),
    meta.get('og:video'),
    meta.get('twitter:player:stream'),
    jsonString(html, 'video_url'),
    jsonString(html, 'playAddr'),
    jsonString(html, 'downloadAddr'),
  ];
  for (const candidate of candidates) {
    const url = candidate ? absoluteHttpUrl(candidate, pageUrl) : null;
    if (url) return { videoUrl: url, title: meta.get('og:title')?.trim() || null };
  }
  return null;
}

function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const name = attribute(tag, 'property') ?? attribute(tag, 'name');
    const content = attribute(tag, 'content');
    if (name && content !== null && !tags.has(name.toLowerCase())) {
      tags.set(name.toLowerCase(), decodeEntities(content));
    }
  }
  return tags;
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return match ? (match[2] ?? match[3] ?? '') : null;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16)),
    )
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The first "key":"value" in embedded JSON, with its escapes undone. */
function jsonString(html: string, key: string): string | null {
  const match = new RegExp(`"${key}"\\s*:\\s*"((?:[^"\\\\]|\\\\.){1,4096})"`).exec(html);
  if (!match?.[1]) return null;
  try {
    return JSON.parse(`"${match[1]}"`) as string;
  } catch {
    return null;
  }
}

function absoluteHttpUrl(candidate: string, base: string): string | null {
  try {
    const url = new URL(candidate, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
