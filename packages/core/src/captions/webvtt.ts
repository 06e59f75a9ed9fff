/** Clip captions (issue 19): WebVTT files, one per language, shown by the storefront viewer. */

export const CAPTION_MAX_BYTES = 200_000;
export const CAPTIONS_PER_CLIP = 8;
export const CAPTION_LABEL_MAX = 40;

export const CAPTION_MESSAGES = {
  notWebVtt: 'Captions must be a WebVTT file (.vtt) starting with WEBVTT.',
  noCues: 'The captions file has no cues with valid times.',
  tooLarge: 'Captions files must be smaller than 200 KB.',
  language: 'Choose the language of the captions, e.g. en or fr-CA.',
  label: 'Name the captions (at most 40 characters).',
  tooMany: 'A clip can have captions in at most 8 languages.',
  notFound: 'These captions do not exist.',
} as const;

/** A BCP 47 tag as players use them: language, then optional region or script subtags. */
export const CAPTION_LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/;

export interface Cue {
  startSeconds: number;
  endSeconds: number;
  text: string;
}

const TIME = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

function seconds(stamp: string): number | null {
  const match = TIME.exec(stamp.trim());
  if (!match) return null;
  const [, h, m, s, ms] = match;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
}

/**
 * The cues of a WebVTT file, or the reason it is refused. Cue settings after the times and
 * NOTE/STYLE/REGION blocks are allowed (players read them); cue text loses its tags.
 */
export function parseWebVtt(text: string): { cues: Cue[] } | { error: string } {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(body)) return { error: CAPTION_MESSAGES.notWebVtt };
  const cues: Cue[] = [];
  for (const block of body.split(/\n{2,}/).slice(1)) {
    const lines = block.split('\n').filter((line) => line.length > 0);
    const at = lines.findIndex((line) => line.includes('-->'));
    if (at === -1 || at > 1) continue;
    const [start = '', rest = ''] = (lines[at] as string).split('-->');
    const startSeconds = seconds(start);
    const endSeconds = seconds(rest.trim().split(/\s+/)[0] ?? '');
    if (startSeconds === null || endSeconds === null || endSeconds < startSeconds) {
      return { error: CAPTION_MESSAGES.noCues };
    }
    const cueText = lines
      .slice(at + 1)
      .join('\n')
      .replace(/<[^>]*>/g, '')
      .trim();
    cues.push({ startSeconds, endSeconds, text: cueText });
  }
  return cues.length > 0 ? { cues } : { error: CAPTION_MESSAGES.noCues };
}

/** The spoken text of the cues, in order, for a watch page's VideoObject transcript. */
export function captionTranscript(cues: readonly Cue[]): string {
  return cues
    .map((cue) => cue.text.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' ');
}
