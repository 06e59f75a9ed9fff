import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** Shopify's session tokens last a minute. */
const LIFETIME_SECONDS = 60;

/**
 * A session token as Shopify's admin hands App Bridge for a shop: HS256 with the app's secret,
 * aud the app's key, iss the shop's admin, dest the shop, a minute long.
 */
export async function signSessionToken(
  app: { apiKey: string; apiSecret: string },
  shop: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ dest: `https://${shop}`, sid: randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(`https://${shop}/admin`)
    .setAudience(app.apiKey)
    .setSubject('1')
    .setIssuedAt(nowSeconds)
    .setNotBefore(nowSeconds)
    .setExpirationTime(nowSeconds + LIFETIME_SECONDS)
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(app.apiSecret));
}

/**
 * Checks an App Bridge session token (ID token) the way Shopify's token exchange does: HS256
 * signed with the app's secret, for the app's key (aud), for this shop (dest), not expired.
 */
export async function sessionTokenShop(
  token: string,
  app: { apiKey: string; apiSecret: string },
  now: Date,
): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(app.apiSecret), {
      algorithms: ['HS256'],
      audience: app.apiKey,
      clockTolerance: 10,
      currentDate: now,
    });
    const dest = typeof payload.dest === 'string' ? payload.dest : '';
    return new URL(dest).hostname || null;
  } catch {
    return null;
  }
}
