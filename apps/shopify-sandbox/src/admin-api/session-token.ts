import { jwtVerify } from 'jose';

/**
 * Checks an App Bridge session token (ID token) the way Shopify's token exchange does: HS256
 * signed with the app's secret, for the app's key (aud), for this shop (dest), not expired.
 */
export async function sessionTokenShop(
  token: string,
  app: { apiKey: string; apiSecret: string },
): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(app.apiSecret), {
      algorithms: ['HS256'],
      audience: app.apiKey,
      clockTolerance: 10,
    });
    const dest = typeof payload.dest === 'string' ? payload.dest : '';
    return new URL(dest).hostname || null;
  } catch {
    return null;
  }
}
