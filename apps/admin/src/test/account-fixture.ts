import type { OtpChallengeWire } from '@popstage/core/account';
import type { Shop } from '@popstage/core/shop';
import type { FakeAnswer } from './render-app';
import { readyShop } from './shop-fixture';

/** A subscribed shop before the account flow: neither account exists, nothing onboarded. */
export function accountlessShop(overrides: Partial<Shop> = {}): Shop {
  return readyShop({ csStoreCreated: false, popshopliveAccountCreated: false, ...overrides });
}

export const CHALLENGE_ID = '11111111-1111-4111-8111-111111111111';

export function challenge(overrides: Partial<OtpChallengeWire> = {}): OtpChallengeWire {
  return {
    challengeId: CHALLENGE_ID,
    phone: '+15551234567',
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
    codeLength: 6,
    ...overrides,
  };
}

/** The server's error body for `status` with `message`. */
export const failure = (status: number, message: string): FakeAnswer => ({
  status,
  body: { error: `http_${status}`, message },
});

export const OTP_CONFIG = {
  body: {
    data: {
      botCheck: { provider: 'sandbox', siteKey: null },
      codeLength: 6,
      resendSeconds: 60,
      expiresInSeconds: 600,
    },
  },
};
