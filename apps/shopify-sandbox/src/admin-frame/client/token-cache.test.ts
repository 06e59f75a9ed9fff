import { describe, expect, it } from 'vitest';
import { createTokenCache } from './token-cache';

/** A JWT-shaped token expiring at `exp` seconds; the cache reads nothing else. */
function token(exp: number | undefined, n: number): string {
  const payload = btoa(JSON.stringify({ exp, n })).replace(/=+$/, '');
  return `header.${payload}.signature`;
}

describe('the admin page token cache', () => {
  it('keeps a token until 10 s before its exp, then fetches a new one', async () => {
    let now = 1_000_000;
    let fetches = 0;
    const next = createTokenCache(
      async () => token(now / 1000 + 60, ++fetches),
      () => now,
    );
    const first = await next();
    now += 49_000;
    expect(await next()).toBe(first);
    now += 2_000;
    expect(await next()).not.toBe(first);
    expect(fetches).toBe(2);
  });

  it('shares one fetch between concurrent requests, and caches no token without exp', async () => {
    let fetches = 0;
    const next = createTokenCache(async () => token(undefined, ++fetches));
    const [a, b] = await Promise.all([next(), next()]);
    expect(a).toBe(b);
    expect(await next()).not.toBe(a);
    expect(fetches).toBe(2);
  });

  it('forgets a failed fetch so the next request tries again', async () => {
    let fail = true;
    const next = createTokenCache(async () => {
      if (fail) throw new Error('offline');
      return token(Date.now() / 1000 + 60, 1);
    });
    await expect(next()).rejects.toThrow('offline');
    fail = false;
    await expect(next()).resolves.toMatch(/^header\./);
  });
});
