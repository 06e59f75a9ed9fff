import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { callAsShop, type ShopRequest, sessionToken } from './shop';

const KEYS = { apiKey: 'kit-key', apiSecret: 'kit-secret-of-sixteen-or-more' };
const SHOP = 'demo-store.myshopify.com';

describe('call as a shop', () => {
  it('signs session tokens as App Bridge does', async () => {
    const token = await sessionToken(KEYS, SHOP);
    const { payload, protectedHeader } = await jwtVerify(
      token,
      new TextEncoder().encode(KEYS.apiSecret),
      { audience: KEYS.apiKey, issuer: `https://${SHOP}/admin` },
    );
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.dest).toBe(`https://${SHOP}`);
    expect((payload.exp ?? 0) - (payload.nbf ?? 0)).toBe(60);
  });

  it('hands the transport the request with a bearer token, the body and its own extra', async () => {
    const sent: [ShopRequest, string | undefined][] = [];
    const call = callAsShop(KEYS, async (request: ShopRequest, extra?: string) => {
      sent.push([request, extra]);
      return 'answer';
    });
    expect(await call(SHOP, 'POST', '/api/x', { a: 1 }, '10.0.0.1')).toBe('answer');
    await call(SHOP, 'GET', '/api/y');
    const [[post, extra], [get]] = sent as [[ShopRequest, string], [ShopRequest, undefined]];
    expect(post).toMatchObject({ method: 'POST', url: '/api/x', body: { a: 1 } });
    expect(extra).toBe('10.0.0.1');
    expect(post.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(get).not.toHaveProperty('body');
  });
});
