/**
 * BotCheck: the invisible challenge the admin solves before a code is sent (SMS costs money and
 * is a pumping target). Adapters: the sandbox (always passes) and Cloudflare Turnstile.
 */
export interface BotCheck {
  readonly kind: 'sandbox' | 'turnstile';
  /** The public key the admin's widget needs; null in the sandbox. */
  readonly siteKey: string | null;
  /** Whether the token is a fresh, valid solve. Throws when the checker cannot be reached. */
  verify(token: string, remoteIp: string): Promise<boolean>;
}

export const sandboxBotCheck: BotCheck = {
  kind: 'sandbox',
  siteKey: null,
  verify: async () => true,
};
