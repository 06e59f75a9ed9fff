import { SignJWT } from 'jose';

/** How long a support widget token lives; the widget asks for a new one when it expires. */
export const ZENDESK_TOKEN_TTL_SECONDS = 15 * 60;

export interface ZendeskUser {
  /** The shop domain: one messaging identity per store. */
  externalId: string;
  name: string;
  email: string;
}

/**
 * The JWT Zendesk messaging takes to authenticate the end user: HS256 with the messaging key's
 * shared secret and its id as `kid`, claims external_id, name, email, email_verified, scope 'user'.
 * https://developer.zendesk.com/documentation/zendesk-web-widget-sdks/sdks/web/enabling_authenticated_visitors/
 */
export async function signZendeskToken(
  user: ZendeskUser,
  keys: { keyId: string; sharedSecret: string },
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    external_id: user.externalId,
    name: user.name,
    email: user.email,
    email_verified: true,
    scope: 'user',
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: keys.keyId })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ZENDESK_TOKEN_TTL_SECONDS)
    .sign(new TextEncoder().encode(keys.sharedSecret));
}
