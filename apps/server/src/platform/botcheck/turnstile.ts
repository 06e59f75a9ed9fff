import type { BotCheck } from './port';

export interface TurnstileOptions {
  secretKey: string;
  siteKey: string | null;
  /** Tests point this at a local fake. */
  verifyUrl?: string;
  fetch?: typeof fetch;
}

export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/**
 * Server-side validation of a Turnstile token (each token is single-use and lives 300 s).
 * https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
 */
export function createTurnstileBotCheck(options: TurnstileOptions): BotCheck {
  const doFetch = options.fetch ?? fetch;
  return {
    kind: 'turnstile',
    siteKey: options.siteKey,
    async verify(token, remoteIp) {
      // An empty token is never valid: do not spend a call on it.
      if (!token) return false;
      const response = await doFetch(options.verifyUrl ?? TURNSTILE_VERIFY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          secret: options.secretKey,
          response: token,
          remoteip: remoteIp,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`Turnstile answered ${response.status}`);
      const body = (await response.json()) as { success?: unknown };
      return body.success === true;
    },
  };
}
