import { describe, expect, it } from 'vitest';
import { composeNotificationSchema } from './contract';
import { NOTIFICATION_MESSAGES as M } from './messages';
import { parseRoute, routePathOf } from './route';
import { singleQuotes, textError } from './text';

describe('notification text', () => {
  it('replaces double quotes with single quotes', () => {
    expect(singleQuotes('The "big" sale “today”')).toBe("The 'big' sale 'today'");
  });

  it('needs a title of at most 50 and a body of at most 150 characters', () => {
    expect(textError('  ', 50)).toBe(M.required);
    expect(textError('a'.repeat(50), 50)).toBeNull();
    expect(textError('a'.repeat(51), 50)).toBe('Maximum 50 characters');
    const ok = { type: 'custom', title: 'Say "hi"', body: 'b'.repeat(150) };
    expect(composeNotificationSchema.parse(ok).title).toBe("Say 'hi'");
    expect(composeNotificationSchema.safeParse({ ...ok, body: 'b'.repeat(151) }).success).toBe(
      false,
    );
    const empty = composeNotificationSchema.safeParse({ ...ok, title: ' ' });
    expect(empty.error?.issues[0]?.message).toBe(M.required);
    expect(composeNotificationSchema.safeParse({ ...ok, type: 'other' }).success).toBe(false);
  });

  it('reads deep-link routes to a collection, a product or a Popclip', () => {
    const clip = '3f9a1c0b7e5d2a4c6b8e';
    expect(parseRoute('/collections/summer-sale')).toEqual({
      kind: 'collection',
      handle: 'summer-sale',
    });
    expect(parseRoute('/products/tee')).toEqual({ kind: 'product', handle: 'tee' });
    expect(parseRoute(`/popclips/${clip}`)).toEqual({ kind: 'popclip', id: clip });
    expect(parseRoute('/popclips/not/a/clip')).toBeNull();
    expect(parseRoute('https://evil.example/products/tee')).toBeNull();
    expect(routePathOf({ kind: 'popclip', id: clip })).toBe(`/popclips/${clip}`);
    const routed = { type: 'custom', title: 't', body: 'b', route: '/pages/x' };
    expect(composeNotificationSchema.safeParse(routed).success).toBe(false);
  });
});
