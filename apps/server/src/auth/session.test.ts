import { sessionToken } from '@popstage/testkit/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SHOP_B, type TestApp } from '../test/app';

/**
 * The session-token gate of every /api route: a valid Bearer token names the shop; anything
 * else is 401 with a JSON body, and a token that is there but wrong also asks App Bridge for a
 * fresh one (X-Shopify-Retry-Invalid-Session-Request).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const keys = () => ({
  apiKey: t.deps.config.SHOPIFY_API_KEY,
  apiSecret: t.deps.config.SHOPIFY_API_SECRET,
});
const call = (authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/shopify/shop',
    headers: authorization === undefined ? {} : { authorization },
  });

describe('session token gate', () => {
  it('names the shop of a valid Bearer token, whatever the scheme’s case', async () => {
    const token = await sessionToken(keys(), SHOP_B);
    for (const header of [`Bearer ${token}`, `bearer  ${token}`]) {
      const res = await call(header);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain(SHOP_B);
    }
  });

  it('answers 401 "Missing session token" without a Bearer credential, and no retry header', async () => {
    const token = await sessionToken(keys(), SHOP_B);
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      `Basic ${token}`,
      `Bearer ${token} x`,
    ]) {
      const res = await call(header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Unauthorized', message: 'Missing session token' });
      expect(res.headers['x-shopify-retry-invalid-session-request']).toBeUndefined();
    }
  });

  it('answers 401 with the reason and asks for a fresh token when the token is wrong or old', async () => {
    const forged = await sessionToken(
      { ...keys(), apiSecret: 'someone-elses-secret-value' },
      SHOP_B,
    );
    const expired = await sessionToken(keys(), SHOP_B, Date.now() - 10 * 60_000);
    for (const [token, message] of [
      [forged, 'Session token is invalid'],
      ['not.a.jwt', 'Session token is invalid'],
      [expired, 'Session token expired'],
    ] as const) {
      const res = await call(`Bearer ${token}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Unauthorized', message });
      expect(res.headers['x-shopify-retry-invalid-session-request']).toBe('1');
    }
  });
});
