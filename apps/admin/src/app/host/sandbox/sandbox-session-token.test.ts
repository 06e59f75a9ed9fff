import { describe, expect, it, vi } from 'vitest';
import { createSandboxTokenSource, tokenExpiry } from './sandbox-session-token';

/** An unsigned JWT-shaped token expiring at `expSeconds`. */
function token(expSeconds: number, id: string): string {
  const payload = btoa(JSON.stringify({ exp: expSeconds, id })).replace(/=+$/, '');
  return `header.${payload}.sig-${id}`;
}

describe('createSandboxTokenSource', () => {
  it('asks the sandbox for the shop, caches the token and renews it before it expires', async () => {
    let now = 1_000_000;
    let issued = 0;
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      issued += 1;
      return new Response(JSON.stringify({ token: token(now / 1000 + 60, String(issued)) }));
    });
    const getToken = createSandboxTokenSource('other-store.myshopify.com', {
      fetchImpl,
      now: () => now,
    });

    const first = await getToken();
    expect(fetchImpl.mock.calls[0]?.[0]).toBe(
      '/sandbox/session-token?shop=other-store.myshopify.com',
    );
    now += 40_000; // 20 s left: still good
    expect(await getToken()).toBe(first);
    now += 6_000; // 14 s left: renew before the server would refuse it
    const second = await getToken();
    expect(second).not.toBe(first);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('shares one request between concurrent callers and honours forceRefresh', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ token: token(4_102_444_800, 'x') })),
    );
    const getToken = createSandboxTokenSource('demo-store.myshopify.com', { fetchImpl });
    await Promise.all([getToken(), getToken(), getToken()]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await getToken({ forceRefresh: true });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('fails with the server message when no token is issued', async () => {
    const getToken = createSandboxTokenSource('demo-store.myshopify.com', {
      fetchImpl: async () =>
        new Response(JSON.stringify({ error: 'unknown_shop', message: 'No such shop' }), {
          status: 404,
        }),
    });
    await expect(getToken()).rejects.toMatchObject({ status: 404, code: 'unknown_shop' });
  });
});

describe('tokenExpiry', () => {
  it('reads exp in milliseconds and ignores malformed tokens', () => {
    expect(tokenExpiry(token(100, 'a'))).toBe(100_000);
    expect(tokenExpiry('not-a-jwt')).toBeNull();
    expect(tokenExpiry('a.!!!.c')).toBeNull();
  });
});
