import { OTP_MESSAGES } from '@popstage/core/account';
import { afterEach, describe, expect, it } from 'vitest';
import { phoneChallenges, sandboxSmsOutbox } from '../../db/schema';
import type { BotCheck } from '../../platform/botcheck/port';
import { OtpDeliveryError, type OtpSender } from '../../platform/sms/port';
import { sendCode } from '../../test/account';
import { createTestApp, SHOP_A, type TestApp } from '../../test/app';

/** The send call when the bot check or the SMS provider says no: nothing is left behind. */
let t: TestApp | undefined;
afterEach(() => t?.close());

const bot = (verify: BotCheck['verify']): BotCheck => ({
  kind: 'turnstile',
  siteKey: 'site',
  verify,
});
const failingSender = (error: Error): OtpSender => ({
  kind: 'twilio',
  send: async () => {
    throw error;
  },
});

async function storedChallenges(app: TestApp) {
  return app.deps.database.db.select().from(phoneChallenges);
}

describe('send behind the bot check', () => {
  it('refuses a failed bot check with 403 before any code is sent', async () => {
    t = await createTestApp({}, { botCheck: bot(async () => false) });
    const res = await sendCode(t, SHOP_A, '+15557770001');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Something went wrong while trying to sign in.');
    expect(await storedChallenges(t)).toEqual([]);
    expect(await t.deps.database.db.select().from(sandboxSmsOutbox)).toEqual([]);
  });

  it('answers 503 when the bot check cannot be reached', async () => {
    t = await createTestApp(
      {},
      {
        botCheck: bot(async () => {
          throw new Error('down');
        }),
      },
    );
    const res = await sendCode(t, SHOP_A, '+15557770002');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(OTP_MESSAGES.signInFailed);
  });

  it('passes the caller’s token and IP to the bot check', async () => {
    const seen: string[] = [];
    t = await createTestApp(
      {},
      { botCheck: bot(async (token, ip) => seen.push(`${token}@${ip}`) > 0) },
    );
    await sendCode(t, SHOP_A, '+15557770003', '198.51.100.7');
    expect(seen).toEqual(['token@198.51.100.7']);
  });
});

it('sees the client IP behind one trusted proxy when TRUST_PROXY=1', async () => {
  const seen: string[] = [];
  t = await createTestApp(
    { TRUST_PROXY: '1' },
    { botCheck: bot(async (_token, ip) => seen.push(ip) > 0) },
  );
  await t.app.inject({
    method: 'POST',
    url: '/api/shopify/shop/account/otp/send',
    headers: { ...(await t.auth(SHOP_A)), 'x-forwarded-for': '203.0.113.50' },
    payload: { phone: '+15557770006', botToken: 'x' },
  });
  expect(seen).toEqual(['203.0.113.50']);
});

describe('send when the SMS provider fails', () => {
  it('answers 502 with the sign-in message and keeps no challenge', async () => {
    t = await createTestApp({}, { otp: failingSender(new OtpDeliveryError('provider down')) });
    const res = await sendCode(t, SHOP_A, '+15557770004');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(OTP_MESSAGES.signInFailed);
    expect(await storedChallenges(t)).toEqual([]);
  });

  it('answers 400 with the invalid-number message when the provider refuses the number', async () => {
    t = await createTestApp({}, { otp: failingSender(new OtpDeliveryError('21211', true)) });
    const res = await sendCode(t, SHOP_A, '+15557770005');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(OTP_MESSAGES.invalidPhone);
  });
});
