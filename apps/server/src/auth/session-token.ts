import { isShopDomain } from '@popstage/core/shop';
import { errors, jwtVerify } from 'jose';

/**
 * Session tokens shaped like Shopify App Bridge ID tokens: HS256 with the app secret,
 * iss https://{shop}/admin, dest https://{shop}, aud = app key. Verified the way
 * @shopify/shopify-api's decodeSessionToken does (signature, exp/nbf with 10 s leeway, aud);
 * the shop comes from dest. Shopify's admin (or the local Shopify's) signs them.
 */

const CLOCK_TOLERANCE_SECONDS = 10;

export interface TokenKeys {
  apiKey: string;
  apiSecret: string;
}

export class SessionTokenError extends Error {}

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
