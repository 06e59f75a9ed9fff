import { describe, expect, it } from 'vitest';
import { CAPTION_LANGUAGE, CAPTION_MESSAGES, captionTranscript, parseWebVtt } from './webvtt';

const VTT = `WEBVTT - summer drop

NOTE written by the merchant

1
00:00.000 --> 00:01.500 line:90%
<v Sam>Hello and welcome</v>

00:00:01.500 --> 00:00:03.000
to the <b>summer</b> drop.
`;

describe('parseWebVtt', () => {
  it('reads cues, with identifiers, settings, notes and tags', () => {
    const parsed = parseWebVtt(VTT);
    expect(parsed).toEqual({
      cues: [
        { startSeconds: 0, endSeconds: 1.5, text: 'Hello and welcome' },
        { startSeconds: 1.5, endSeconds: 3, text: 'to the summer drop.' },
      ],
    });
    if ('cues' in parsed) {
      expect(captionTranscript(parsed.cues)).toBe('Hello and welcome to the summer drop.');
    }
  });

  it('accepts CRLF and a byte-order mark', () => {
    expect(parseWebVtt(`\uFEFF${VTT.replace(/\n/g, '\r\n')}`)).toHaveProperty('cues');
  });

  it('refuses what is not WebVTT or has no valid cue', () => {
    expect(parseWebVtt('1\n00:00:00,000 --> 00:00:01,000\nSRT\n')).toEqual({
      error: CAPTION_MESSAGES.notWebVtt,
    });
    expect(parseWebVtt('WEBVTT\n\njust text\n')).toEqual({ error: CAPTION_MESSAGES.noCues });
    expect(parseWebVtt('WEBVTT\n\n00:02.000 --> 00:01.000\nbackwards\n')).toEqual({
      error: CAPTION_MESSAGES.noCues,
    });
  });
});

describe('CAPTION_LANGUAGE', () => {
  it('takes BCP 47 tags players use', () => {
    for (const tag of ['en', 'fr-CA', 'zh-Hant-TW', 'es-419'])
      expect(CAPTION_LANGUAGE.test(tag)).toBe(true);
    for (const tag of ['', 'EN', 'english', 'en_US', 'en-'])
      expect(CAPTION_LANGUAGE.test(tag)).toBe(false);
  });
});
