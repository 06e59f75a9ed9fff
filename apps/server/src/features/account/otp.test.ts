import { OTP_MESSAGES } from '@popstage/core/account';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { otpSends, phoneChallenges, phoneVerifications, shops } from '../../db/schema';
import { lastCode, OTP, sendCode } from '../../test/account';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';

let t: TestApp;
let phoneSeq = 0;
/** A new phone per test: the per-phone limit counts across the file's tests. */
const newPhone = () => `+1555000${String(++phoneSeq).padStart(4, '0')}`;
let ipSeq = 0;
const newIp = () => `10.0.0.${++ipSeq}`;

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => {
  // Each test gets a clear hour for the send limits.
  t.clock.advance(2 * 3600_000);
});
afterAll(() => t.close());

const verify = (shop: string, challengeId: string, code: string, ip?: string) =>
  call(t, shop, 'POST', `${OTP}/verify`, { challengeId, code }, ip);
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('send', () => {
  it('sends a 6-digit code to the outbox and stores only its hash', async () => {
    const phone = newPhone();
    const res = await sendCode(t, SHOP_A, phone);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ phone, codeLength: 6 });
    const now = t.clock.now().getTime();
    expect(Date.parse(data.expiresAt) - now).toBe(10 * 60_000);
    expect(Date.parse(data.resendAvailableAt) - now).toBe(60_000);
    const code = await lastCode(t, phone);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.deps.database.db
      .select()
      .from(phoneChallenges)
      .where(eq(phoneChallenges.id, data.challengeId));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('refuses a number that is not E.164 with the §8 message', async () => {
    for (const phone of ['5551234567', '+0123456', '+1']) {
      const res = await call(t, SHOP_A, 'POST', `${OTP}/send`, { phone, botToken: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(OTP_MESSAGES.invalidPhone);
    }
  });

  it('limits sends per phone per hour across shops with 429', async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i += 1) {
      expect((await sendCode(t, i % 2 ? SHOP_B : SHOP_A, phone, newIp())).statusCode).toBe(201);
    }
    const refused = await sendCode(t, SHOP_A, phone, newIp());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'You have reached the maximum number of OTP requests. Please try again later.',
    );
    t.clock.advance(3600_000);
    expect((await sendCode(t, SHOP_A, phone, newIp())).statusCode).toBe(201);
  });

  it('limits sends per IP per hour with 429', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i += 1) {
      expect((await sendCode(t, SHOP_A, newPhone(), ip)).statusCode).toBe(201);
    }
    const refused = await sendCode(t, SHOP_A, newPhone(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(OTP_MESSAGES.tooManyRequests);
    expect((await sendCode(t, SHOP_A, newPhone(), newIp())).statusCode).toBe(201);
  });

  it('ends the earlier code when a new one is sent for the same phone', async () => {
    const phone = newPhone();
    const first = (await sendCode(t, SHOP_A, phone)).json().data.challengeId;
    const firstCode = await lastCode(t, phone);
    await sendCode(t, SHOP_A, phone);
    const res = await verify(SHOP_A, first, firstCode);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(OTP_MESSAGES.codeExpired);
  });
});

describe('verify', () => {
  it('verifies once and gives a uid stable per shop and phone', async () => {
    const phone = newPhone();
    const sent = (await sendCode(t, SHOP_A, phone)).json().data;
    const res = await verify(SHOP_A, sent.challengeId, await lastCode(t, phone));
    expect(res.statusCode).toBe(200);
    const { uid } = res.json().data;
    expect(res.json().data).toMatchObject({
      phone,
      uid: expect.stringMatching(/^[A-Za-z0-9]{28}$/),
    });

    t.clock.advance(120_000);
    const again = (await sendCode(t, SHOP_A, phone)).json().data;
    const second = await verify(SHOP_A, again.challengeId, await lastCode(t, phone));
    expect(second.json().data.uid).toBe(uid);

    const latest = await call(t, SHOP_A, 'GET', '/api/shopify/shop/account/verification');
    expect(latest.json().data).toMatchObject({ uid, phone });
  });

  it('refuses a replay of a used code', async () => {
    const phone = newPhone();
    const sent = (await sendCode(t, SHOP_A, phone)).json().data;
    const code = await lastCode(t, phone);
    expect((await verify(SHOP_A, sent.challengeId, code)).statusCode).toBe(200);
    const replay = await verify(SHOP_A, sent.challengeId, code);
    expect(replay.statusCode).toBe(410);
    expect(replay.json().message).toBe('Confirmation code has expired');
  });

  it('answers a wrong code with attempts left, then 429 after 5 attempts, even for the right code', async () => {
    const phone = newPhone();
    const sent = (await sendCode(t, SHOP_A, phone)).json().data;
    const code = await lastCode(t, phone);
    for (let left = 4; left >= 0; left -= 1) {
      const res = await verify(SHOP_A, sent.challengeId, wrongCode(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Invalid confirmation code',
        attemptsRemaining: left,
      });
    }
    const locked = await verify(SHOP_A, sent.challengeId, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(OTP_MESSAGES.tooManyRequests);
  });

  it('refuses a code after its 10 minutes', async () => {
    const phone = newPhone();
    const sent = (await sendCode(t, SHOP_A, phone)).json().data;
    const code = await lastCode(t, phone);
    t.clock.advance(10 * 60_000 - 1000);
    t.clock.advance(1000);
    const res = await verify(SHOP_A, sent.challengeId, code);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('Confirmation code has expired');
  });

  it('accepts a code just before expiry', async () => {
    const phone = newPhone();
    const sent = (await sendCode(t, SHOP_A, phone)).json().data;
    t.clock.advance(10 * 60_000 - 1000);
    expect((await verify(SHOP_A, sent.challengeId, await lastCode(t, phone))).statusCode).toBe(200);
  });

  it('validates the code format with the spec message', async () => {
    const phone = newPhone();
    const sent = (await sendCode(t, SHOP_A, phone)).json().data;
    for (const code of ['12345', '1234567', 'abcdef']) {
      const res = await verify(SHOP_A, sent.challengeId, code);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid code');
    }
  });

  it('does not let another shop verify, resend or count attempts on a challenge', async () => {
    const phone = newPhone();
    const sent = (await sendCode(t, SHOP_A, phone)).json().data;
    const code = await lastCode(t, phone);
    const read = () =>
      t.deps.database.db
        .select()
        .from(phoneChallenges)
        .where(eq(phoneChallenges.id, sent.challengeId));
    const before = await read();
    t.clock.advance(61_000);
    const stolen = await verify(SHOP_B, sent.challengeId, code);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe(OTP_MESSAGES.verifyFailed);
    const resend = await call(t, SHOP_B, 'POST', `${OTP}/resend`, {
      challengeId: sent.challengeId,
    });
    expect(resend.statusCode).toBe(404);
    expect(resend.json().message).toBe(OTP_MESSAGES.resendFailed);
    expect(await read()).toEqual(before);
    const bShop = await t.deps.database.db
      .select()
      .from(shops)
      .where(eq(shops.shopifyDomain, SHOP_B));
    const bVerifications = await t.deps.database.db
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.shopId, bShop[0]?.id ?? ''));
    expect(bVerifications.filter((v) => v.phone === phone)).toEqual([]);
    // A's own call still works.
    expect((await verify(SHOP_A, sent.challengeId, code)).statusCode).toBe(200);
  });
});

describe('resend', () => {
  it('waits 60 s, then sends a new code and ends the old one', async () => {
    const phone = newPhone();
    const sent = (await sendCode(t, SHOP_A, phone)).json().data;
    const oldCode = await lastCode(t, phone);
    t.clock.advance(59_000);
    const early = await call(t, SHOP_A, 'POST', `${OTP}/resend`, { challengeId: sent.challengeId });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({
      message: OTP_MESSAGES.tooManyRequests,
      retryAfterSeconds: 1,
    });
    t.clock.advance(1000);
    const res = await call(t, SHOP_A, 'POST', `${OTP}/resend`, { challengeId: sent.challengeId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.challengeId).toBe(sent.challengeId);
    const newCode = await lastCode(t, phone);
    if (newCode !== oldCode) {
      expect((await verify(SHOP_A, sent.challengeId, oldCode)).statusCode).toBe(400);
    }
    expect((await verify(SHOP_A, sent.challengeId, newCode)).statusCode).toBe(200);
  });

  it('resets the attempts with the new code and counts toward the phone limit', async () => {
    const phone = newPhone();
    const sent = (await sendCode(t, SHOP_A, phone)).json().data;
    const code = await lastCode(t, phone);
    for (let i = 0; i < 5; i += 1) await verify(SHOP_A, sent.challengeId, wrongCode(code));
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(60_000);
      const res = await call(t, SHOP_A, 'POST', `${OTP}/resend`, { challengeId: sent.challengeId });
      expect(res.statusCode).toBe(200);
    }
    expect(
      (await verify(SHOP_A, sent.challengeId, wrongCode(await lastCode(t, phone)))).json(),
    ).toMatchObject({ attemptsRemaining: 4 });
    t.clock.advance(60_000);
    const sixth = await call(t, SHOP_A, 'POST', `${OTP}/resend`, { challengeId: sent.challengeId });
    expect(sixth.statusCode).toBe(429);
    const sends = await t.deps.database.db.select().from(otpSends).where(eq(otpSends.phone, phone));
    expect(sends).toHaveLength(5);
  });

  it('refuses to resend a used challenge', async () => {
    const phone = newPhone();
    const sent = (await sendCode(t, SHOP_A, phone)).json().data;
    await verify(SHOP_A, sent.challengeId, await lastCode(t, phone));
    t.clock.advance(60_000);
    const res = await call(t, SHOP_A, 'POST', `${OTP}/resend`, { challengeId: sent.challengeId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(OTP_MESSAGES.resendFailed);
  });
});

describe('otp-config', () => {
  it('tells the admin the bot check and the timings', async () => {
    const res = await call(t, SHOP_A, 'GET', '/api/shopify/shop/account/otp-config');
    expect(res.json().data).toEqual({
      botCheck: { provider: 'sandbox', siteKey: null },
      codeLength: 6,
      resendSeconds: 60,
      expiresInSeconds: 600,
    });
  });
});
