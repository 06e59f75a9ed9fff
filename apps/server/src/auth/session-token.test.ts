import { sessionToken } from '@popstage/testkit/shop';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifySessionToken } from './session-token';

const keys = { apiKey: 'app-key', apiSecret: 'app-secret-that-is-long' };
const shop = 'demo-store.myshopify.com';
const now = () => Math.floor(Date.now() / 1000);

function forge(claims: Record<string, unknown>, secret = keys.apiSecret) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(secret));
}

describe('session tokens', () => {
  it('round-trips: the shop comes from dest', async () => {
    const token = await sessionToken(keys, shop);
    await expect(verifySessionToken(keys, token)).resolves.toBe(shop);
  });

  it('issues App Bridge shaped claims living at most 60 s', async () => {
    const token = await sessionToken(keys, shop);
    const [, body] = token.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString());
    expect(claims).toMatchObject({
      iss: `https://${shop}/admin`,
      dest: `https://${shop}`,
      aud: 'app-key',
      sub: '1',
    });
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(60);
    expect(claims.nbf).toBe(claims.iat);
    expect(typeof claims.jti).toBe('string');
  });

  it('rejects a token signed with another secret', async () => {
    const token = await sessionToken({ ...keys, apiSecret: 'someone-elses-secret' }, shop);
    await expect(verifySessionToken(keys, token)).rejects.toThrow('Session token is invalid');
  });

  it('rejects a token for another app', async () => {
    const token = await sessionToken({ ...keys, apiKey: 'other-app' }, shop);
    await expect(verifySessionToken(keys, token)).rejects.toThrow('Session token is invalid');
  });

  it('accepts 10 s of clock skew and no more', async () => {
    const justExpired = await sessionToken(keys, shop, (now() - 65) * 1000);
    await expect(verifySessionToken(keys, justExpired)).resolves.toBe(shop);
    const expired = await sessionToken(keys, shop, (now() - 75) * 1000);
    await expect(verifySessionToken(keys, expired)).rejects.toThrow('Session token expired');
    const early = await sessionToken(keys, shop, (now() + 30) * 1000);
    await expect(verifySessionToken(keys, early)).rejects.toThrow('Session token is invalid');
  });

  it('rejects a token whose issuer is another shop', async () => {
    const token = await forge({
      iss: 'https://other-store.myshopify.com/admin',
      dest: `https://${shop}`,
      aud: keys.apiKey,
      exp: now() + 60,
      nbf: now(),
    });
    await expect(verifySessionToken(keys, token)).rejects.toThrow('issuer does not match');
  });

  it('rejects a token without a shop destination', async () => {
    const token = await forge({
      iss: 'https://evil.example.com/admin',
      dest: 'https://evil.example.com',
      aud: keys.apiKey,
      exp: now() + 60,
      nbf: now(),
    });
    await expect(verifySessionToken(keys, token)).rejects.toThrow('no valid shop');
  });

  it('rejects the none algorithm and garbage', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({ dest: `https://${shop}`, iss: `https://${shop}/admin`, aud: keys.apiKey }),
    ).toString('base64url');
    await expect(verifySessionToken(keys, `${header}.${body}.`)).rejects.toThrow();
    await expect(verifySessionToken(keys, 'not-a-token')).rejects.toThrow(
      'Session token is invalid',
    );
  });
});
