import { ApiError } from '../../../lib/api/errors';
import type { TokenRequest } from '../types';

/** Sandbox tokens live 60 s; fetch a new one when less than this is left. */
const REFRESH_MARGIN_MS = 15_000;
const FALLBACK_LIFETIME_MS = 60_000;

interface Options {
  fetchImpl?: typeof fetch;
  now?: () => number;
}

/**
 * Session tokens from the sandbox's /sandbox/session-token, cached and renewed before they
 * expire, so no call ever carries an expired token. Concurrent callers share one request.
 */
export function createSandboxTokenSource(shopDomain: string, options: Options = {}) {
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const response = await fetchImpl(
      `/sandbox/session-token?shop=${encodeURIComponent(shopDomain)}`,
      { headers: { Accept: 'application/json' } },
    );
    if (!response.ok) throw await ApiError.fromResponse(response);
    const { token } = (await response.json()) as { token: string };
    cached = { token, expiresAt: tokenExpiry(token) ?? now() + FALLBACK_LIFETIME_MS };
    return token;
  }

  return function getSessionToken(request: TokenRequest = {}): Promise<string> {
    if (!request.forceRefresh && cached && cached.expiresAt - REFRESH_MARGIN_MS > now()) {
      return Promise.resolve(cached.token);
    }
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  };
}

/** Reads `exp` (not verified: the server verifies) to know when to renew. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { exp } = JSON.parse(json) as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}
