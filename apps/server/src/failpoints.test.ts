import { describe, expect, it } from 'vitest';
import { failpoint, parseFailpoints } from './failpoints';

describe('failpoints', () => {
  it('reads names, actions and the hit to fire at; refuses a malformed entry', () => {
    const armed = parseFailpoints('push.after-send=crash@40, webhook.after-deliver=throw');
    expect([...armed]).toEqual([
      ['push.after-send', { action: 'crash', at: 40, hits: 0 }],
      ['webhook.after-deliver', { action: 'throw', at: 1, hits: 0 }],
    ]);
    expect(parseFailpoints(undefined).size).toBe(0);
    expect(() => parseFailpoints('push.after-send=explode')).toThrow('cannot read');
  });

  it('does nothing when no point is armed (production)', () => {
    expect(() => failpoint('push.after-send')).not.toThrow();
  });
});
