import { createHmac, timingSafeEqual } from 'node:crypto';
import { signedQueryMessage } from '@popstage/core/signed-query';
import { type TokenKeys, verifySessionToken } from '../auth/session-token';

/**
 * The embedded app's first load from Shopify's admin (or the local Shopify's) carries launch
 * parameters: `shop`, `host`, `id_token` (the merchant's session token), `locale`, `session`,
 * `timestamp`, signed with `hmac`. They are verified as Shopify's libraries do: the HMAC-SHA256 of
 * the other parameters with the app's secret, a timestamp within 90 seconds, and an id_token that
 * verifies for the same shop. A load without them (the frame's own reloads) is not a first load.
 * https://shopify.dev/docs/apps/build/authentication-authorization/session-tokens
 */
const TIMESTAMP_TOLERANCE_SECONDS = 90;

/**
 * `stale`: signed by the admin but too old (a reload of a first load's URL): served again without
 * the launch parameters, as a frame reload is, App Bridge then handing out fresh tokens.
 */
export type LaunchCheck = { ok: true } | { ok: false; reason: string; stale?: boolean };

/** The parameters only a first load carries. */
export const LAUNCH_PARAMS = ['id_token', 'hmac', 'locale', 'session', 'timestamp'];

function launchHmac(params: URLSearchParams, apiSecret: string): string {
  return createHmac('sha256', apiSecret).update(signedQueryMessage(params)).digest('hex');
}

export async function checkLaunchParams(
  params: URLSearchParams,
  keys: TokenKeys,
  nowSeconds: number,
): Promise<LaunchCheck> {
  const hmac = params.get('hmac');
  const idToken = params.get('id_token');
  if (hmac === null && idToken === null) return { ok: true };
  const expected = Buffer.from(launchHmac(params, keys.apiSecret));
  const given = Buffer.from(hmac ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'the hmac does not match' };
  }
  const timestamp = Number(params.get('timestamp'));
  if (
    !Number.isFinite(timestamp) ||
    Math.abs(nowSeconds - timestamp) > TIMESTAMP_TOLERANCE_SECONDS
  ) {
    return { ok: false, reason: 'the timestamp is outside the tolerance', stale: true };
  }
  if (!idToken) return { ok: false, reason: 'the id_token is missing' };
  try {
    const shop = await verifySessionToken(keys, idToken);
    if (shop !== params.get('shop'))
      return { ok: false, reason: 'the id_token is for another shop' };
  } catch (error) {
    const expired = error instanceof Error && /expired/i.test(error.message);
    return { ok: false, reason: 'the id_token is invalid', ...(expired ? { stale: true } : {}) };
  }
  return { ok: true };
}
