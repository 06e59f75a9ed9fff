/**
 * A banner's call-to-action link (issue 28): an https:// address, or a path of the app. Both are
 * read with the URL API, as the browser will read them, never with a pattern: `/\evil.example`
 * looks like a path to a regular expression, but a browser turns the backslash into a slash and
 * goes to another site. An app path is accepted only when, resolved against the app's origin, it
 * stays on that origin.
 */
const APP_ORIGIN = 'https://popstage.invalid';

/** The WHATWG URL parser of every runtime core runs in (core's lib names no host API). */
interface ParsedUrl {
  origin: string;
  protocol: string;
  hostname: string;
  username: string;
  password: string;
}
const WhatwgUrl = (
  globalThis as unknown as { URL: new (input: string, base?: string) => ParsedUrl }
).URL;

function parse(input: string, base?: string): ParsedUrl | null {
  try {
    return new WhatwgUrl(input, base);
  } catch {
    return null;
  }
}

export function isCtaLink(link: string): boolean {
  if (link === '') return true;
  if (/\s/.test(link)) return false;
  if (link.startsWith('/')) return isAppPath(link);
  const url = parse(link);
  return (
    url !== null &&
    url.protocol === 'https:' &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}

/** A path that stays in the app wherever it is opened: no other host, no backslash. */
function isAppPath(link: string): boolean {
  if (!link.startsWith('/') || link.includes('\\')) return false;
  return parse(link, APP_ORIGIN)?.origin === APP_ORIGIN;
}
