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

describe('parseWebVtt timing and text', () => {
  it('reads hours, minutes and milliseconds into seconds, and a cue ending where it starts', () => {
    expect(parseWebVtt('WEBVTT\n\n01:02:03.250 --> 01:02:03.250\nsame\n')).toEqual({
      cues: [{ startSeconds: 3723.25, endSeconds: 3723.25, text: 'same' }],
    });
    expect(parseWebVtt('WEBVTT\n\n02:03.004 --> 02:04.000\nx\n')).toEqual({
      cues: [{ startSeconds: 123.004, endSeconds: 124, text: 'x' }],
    });
  });

  it('refuses a cue with a malformed start or end time', () => {
    for (const times of ['0:00.000 --> 00:01.000', '00:00.000 --> 00:61.000', 'a --> b']) {
      expect(parseWebVtt(`WEBVTT\n\n${times}\ntext\n`)).toEqual({ error: CAPTION_MESSAGES.noCues });
    }
  });

  it('needs WEBVTT at the very start, alone or followed by a space and a title', () => {
    expect(parseWebVtt('WEBVTTX\n\n00:00.000 --> 00:01.000\nx\n')).toEqual({
      error: CAPTION_MESSAGES.notWebVtt,
    });
    expect(parseWebVtt(' WEBVTT\n\n00:00.000 --> 00:01.000\nx\n')).toEqual({
      error: CAPTION_MESSAGES.notWebVtt,
    });
    expect(parseWebVtt('WEBVTT\tTitle\n\n00:00.000 --> 00:01.000\nx\n')).toHaveProperty('cues');
    expect(parseWebVtt('WEBVTT')).toEqual({ error: CAPTION_MESSAGES.noCues });
  });

  it('keeps multi-line cue text, drops tags, and skips blocks whose times are not on the first two lines', () => {
    const vtt =
      'WEBVTT\r\rSTYLE\n::cue { color: red }\n\nid\n00:00.000 --> 00:01.000 align:start\n<i>one</i>\ntwo\n\n\n\na\nb\n00:05.000 --> 00:06.000\nlate\n';
    expect(parseWebVtt(vtt)).toEqual({
      cues: [{ startSeconds: 0, endSeconds: 1, text: 'one\ntwo' }],
    });
  });

  it('joins the cues of a transcript with single spaces, leaving out empty ones', () => {
    expect(
      captionTranscript([
        { startSeconds: 0, endSeconds: 1, text: ' a\n  b ' },
        { startSeconds: 1, endSeconds: 2, text: '   ' },
        { startSeconds: 2, endSeconds: 3, text: 'c' },
      ]),
    ).toBe('a b c');
  });
});
