import type { OtpConfigWire } from '@popstage/core/account';

/** What the sandbox bot check accepts: the server's sandbox adapter passes any token. */
export const SANDBOX_BOT_TOKEN = 'sandbox-bot-check';

/**
 * The invisible bot check in front of sending a code (spec 01 §7). Turnstile's script comes from
 * Cloudflare's CDN and is only fetched when the server names a Turnstile site key, so the
 * sandbox, CI and tests never reach out.
 */
export async function getBotToken(botCheck: OtpConfigWire['botCheck']): Promise<string> {
  if (botCheck.provider === 'turnstile' && botCheck.siteKey) {
    const { runTurnstile } = await import('./turnstile');
    return runTurnstile(botCheck.siteKey);
  }
  return SANDBOX_BOT_TOKEN;
}
