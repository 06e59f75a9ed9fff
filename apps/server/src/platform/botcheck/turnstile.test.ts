import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHttp, startFakeHttp } from '../testing/fake-http';
import { createTurnstileBotCheck } from './turnstile';

let fake: FakeHttp;
beforeAll(async () => {
  fake = await startFakeHttp();
});
afterAll(() => fake.close());

const check = () =>
  createTurnstileBotCheck({
    secretKey: 'secret-1',
    siteKey: 'site-1',
    verifyUrl: `${fake.url}/turnstile/v0/siteverify`,
  });

describe('Turnstile bot check', () => {
  it('sends secret, response and remote ip, and passes on success', async () => {
    fake.respond(200, { success: true, 'error-codes': [] });
    expect(await check().verify('tok-1', '203.0.113.9')).toBe(true);
    const form = new URLSearchParams(fake.requests.at(-1)?.body);
    expect(Object.fromEntries(form)).toEqual({
      secret: 'secret-1',
      response: 'tok-1',
      remoteip: '203.0.113.9',
    });
    expect(check().siteKey).toBe('site-1');
  });

  it('refuses a failed or empty token', async () => {
    fake.respond(200, { success: false, 'error-codes': ['timeout-or-duplicate'] });
    expect(await check().verify('tok-2', '203.0.113.9')).toBe(false);
    const calls = fake.requests.length;
    expect(await check().verify('', '203.0.113.9')).toBe(false);
    expect(fake.requests.length).toBe(calls);
  });

  it('throws when the service fails, so the caller can tell it from a refusal', async () => {
    fake.respond(503, {});
    await expect(check().verify('tok-3', '203.0.113.9')).rejects.toThrow(/503/);
  });
});
