/** Renew a cached session token when less than this is left (Shopify's tokens live 60 s). */
const RENEW_MARGIN_MS = 10_000;

/**
 * The admin page's session tokens: one fetch serves every `idToken()` until shortly before the
 * token's `exp`, and concurrent requests share the fetch in flight.
 */
export function createTokenCache(fetchToken: () => Promise<string>, now: () => number = Date.now) {
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  return function token(): Promise<string> {
    if (cached && cached.expiresAt - RENEW_MARGIN_MS > now()) return Promise.resolve(cached.token);
    pending ??= fetchToken()
      .then((token) => {
        const expiresAt = tokenExpiry(token);
        // A token without a readable exp is not cached: every request asks for a new one.
        cached = expiresAt === null ? null : { token, expiresAt };
        return token;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}

/** The JWT's `exp` in milliseconds, unverified: only to know when to renew. */
function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
    };
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}
