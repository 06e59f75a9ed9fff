import { describe, expect, it } from 'vitest';
import { SHARE_LIMIT_MESSAGE } from './messages';
import { shareEmbedCode, shareState, toShareGatingWire } from './rules';

describe('share links', () => {
  it('allows 5 a month on free, unlimited on paid', () => {
    expect(shareState({ level: 'free', alreadyGenerated: false, sharedThisMonth: 4 })).toBe(
      'can_generate',
    );
    expect(shareState({ level: 'free', alreadyGenerated: false, sharedThisMonth: 5 })).toBe(
      'limit_reached',
    );
    expect(shareState({ level: 'free', alreadyGenerated: true, sharedThisMonth: 5 })).toBe(
      'generated',
    );
    expect(shareState({ level: 'basic', alreadyGenerated: false, sharedThisMonth: 500 })).toBe(
      'can_generate',
    );
  });

  it('answers -1 as the unlimited maximum', () => {
    expect(toShareGatingWire('free', ['m1'], 1)).toEqual({
      clips_shared: ['m1'],
      max_share: 5,
      total_share: 1,
    });
    expect(toShareGatingWire('premium', [], 0).max_share).toBe(-1);
  });

  it('embeds the share page at 400x700 with its attributes escaped', () => {
    const code = shareEmbedCode('https://app.example/s/abc', 'A "clip" & more');
    expect(code).toContain('src="https://app.example/s/abc" width="400" height="700"');
    expect(code).toContain('title="A &quot;clip&quot; &amp; more"');
  });
});

describe('share texts', () => {
  it('has the share limit text (spec 02 §8; the end is ours)', () => {
    expect(SHARE_LIMIT_MESSAGE).toBe(
      "Oops! You've reached the maximum limit of 5 Popclip shares for this month. Upgrade your plan to share more.",
    );
  });
});
