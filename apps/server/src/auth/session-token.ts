import { randomUUID } from 'node:crypto';
import { isShopDomain } from '@popstage/core/shop';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Session tokens shaped like Shopify App Bridge ID tokens: HS256 with the app secret,
 * iss https://{shop}/admin, dest https://{shop}, aud = app key. Verified the way
 * @shopify/shopify-api's decodeSessionToken does (signature, exp/nbf with 10 s leeway, aud);
 * the shop comes from dest. Sandbox mode issues them with the same claims and key.
 */

export const TOKEN_LIFETIME_SECONDS = 60;
const CLOCK_TOLERANCE_SECONDS = 10;

export interface TokenKeys {
  apiKey: string;
  apiSecret: string;
}

export class SessionTokenError extends Error {}

export async function signSessionToken(
  keys: TokenKeys,
  shop: string,
  options: { userId?: string; now?: number; lifetimeSeconds?: number } = {},
): Promise<string> {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ dest: `https://${shop}`, sid: randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(`https://${shop}/admin`)
    .setAudience(keys.apiKey)
    .setSubject(options.userId ?? '1')
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + (options.lifetimeSeconds ?? TOKEN_LIFETIME_SECONDS))
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(keys.apiSecret));
}

/** Verifies a token and returns the shop domain it was issued for. */
export async function verifySessionToken(keys: TokenKeys, token: string): Promise<string> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(keys.apiSecret), {
      algorithms: ['HS256'],
      audience: keys.apiKey,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'nbf', 'iss', 'dest'],
    });
    const shop = typeof payload.dest === 'string' ? new URL(payload.dest).hostname : '';
    if (!isShopDomain(shop)) throw new SessionTokenError('Session token has no valid shop');
    if (payload.iss !== `https://${shop}/admin`) {
      throw new SessionTokenError('Session token issuer does not match its shop');
    }
    return shop;
  } catch (error) {
    if (error instanceof SessionTokenError) throw error;
    if (error instanceof errors.JWTExpired) throw new SessionTokenError('Session token expired');
    throw new SessionTokenError('Session token is invalid');
  }
}
