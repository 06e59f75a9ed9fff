import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RootResolver } from '../graphql/execute';
import type { StorefrontContext } from './resolvers';

/**
 * Customer accounts of the local Shopify's Storefront API (Shopify's legacy customer login that a
 * headless app uses): `customerAccessTokenCreate(input: {email, password})` and
 * `customer(customerAccessToken:)`. Every shop has five sandbox customers,
 * shopper1@example.com … shopper5@example.com, password `sandbox-password`, ids
 * gid://shopify/Customer/1 … 5. Tokens are signed by this process (HMAC, a key made at start)
 * and bound to the shop: they expire after 30 days as Shopify's do, and with a restart.
 */
export const SANDBOX_CUSTOMER_PASSWORD = 'sandbox-password';
const CUSTOMERS = 5;
const TOKEN_DAYS = 30;
const key = randomBytes(32);

const customerNumber = (email: string) => {
  const match = /^shopper([1-9]\d*)@example\.com$/i.exec(email.trim());
  const n = Number(match?.[1] ?? 0);
  return n >= 1 && n <= CUSTOMERS ? n : null;
};

const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

function issue(shop: string, n: number, now: Date) {
  const expiresAt = new Date(now.getTime() + TOKEN_DAYS * 86_400_000).toISOString();
  const payload = Buffer.from(JSON.stringify({ shop, n, exp: expiresAt })).toString('base64url');
  return { accessToken: `${payload}.${sign(payload)}`, expiresAt };
}

/** The customer number behind a token of this shop, or null (forged, expired, other shop). */
function verify(shop: string, token: string, now: Date): number | null {
  const [payload, mac] = token.split('.');
  if (!payload || !mac) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      shop: string;
      n: number;
      exp: string;
    };
    return claims.shop === shop && Date.parse(claims.exp) > now.getTime() ? claims.n : null;
  } catch {
    return null;
  }
}

const customerObject = (n: number) => ({
  __typename: 'Customer',
  id: `gid://shopify/Customer/${n}`,
  email: `shopper${n}@example.com`,
  firstName: 'Shopper',
  lastName: String(n),
  displayName: `Shopper ${n}`,
});

export const customerQueries: Record<string, RootResolver<StorefrontContext>> = {
  customer: (args: { customerAccessToken: string }, context: StorefrontContext) => {
    const n = verify(context.shop, args.customerAccessToken, new Date());
    return n === null ? null : customerObject(n);
  },
};

export const customerMutations: Record<string, RootResolver<StorefrontContext>> = {
  customerAccessTokenCreate: (
    args: { input: { email: string; password: string } },
    context: StorefrontContext,
  ) => {
    const n = customerNumber(args.input.email);
    if (n === null || args.input.password !== SANDBOX_CUSTOMER_PASSWORD) {
      const error = {
        field: ['input'],
        message: 'Unidentified customer',
        code: 'UNIDENTIFIED_CUSTOMER',
      };
      return { customerAccessToken: null, customerUserErrors: [error], userErrors: [error] };
    }
    return {
      customerAccessToken: issue(context.shop, n, new Date()),
      customerUserErrors: [],
      userErrors: [],
    };
  },
};
