import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';

/**
 * Calling a route as a shop: every request carries a fresh session token, signed with the app's
 * key and secret the way Shopify App Bridge signs the embedded admin's. The transport is the
 * caller's: Fastify's inject in the server's tests, fetch against a started app, Playwright's
 * request in the journeys.
 */

export interface TokenKeys {
  apiKey: string;
  apiSecret: string;
}

const TOKEN_LIFETIME_SECONDS = 60;

/**
 * A session token as App Bridge issues it: HS256 with the app secret, iss https://{shop}/admin,
 * dest https://{shop}, aud = the app key, valid for a minute.
 */
export async function sessionToken(
  keys: TokenKeys,
  shop: string,
  nowMs = Date.now(),
): Promise<string> {
  const now = Math.floor(nowMs / 1000);
  return new SignJWT({ dest: `https://${shop}`, sid: randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(`https://${shop}/admin`)
    .setAudience(keys.apiKey)
    .setSubject('1')
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + TOKEN_LIFETIME_SECONDS)
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(keys.apiSecret));
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request as a shop, for the transport to send; `url` is the path (and query). */
export interface ShopRequest {
  method: Method;
  url: string;
  headers: { authorization: string };
  /** A JSON body. */
  body?: object;
}

/** Sends a request; `extra` is the transport's own (e.g. inject's remote address). */
export type Send<Answer, Extra = never> = (request: ShopRequest, extra?: Extra) => Promise<Answer>;

export type ShopCall<Answer, Extra = never> = (
  shop: string,
  method: Method,
  url: string,
  body?: object,
  extra?: Extra,
) => Promise<Answer>;

/** Calls routes as any shop through `send`, each call with a fresh token signed with `keys`. */
export function callAsShop<Answer, Extra = never>(
  keys: TokenKeys,
  send: Send<Answer, Extra>,
): ShopCall<Answer, Extra> {
  return async (shop, method, url, body, extra) =>
    send(
      {
        method,
        url,
        headers: { authorization: `Bearer ${await sessionToken(keys, shop)}` },
        ...(body === undefined ? {} : { body }),
      },
      extra,
    );
}

/** The JSON answer of a route called as one shop; a non-2xx answer throws with its body. */
export type ShopApi = <T>(method: Method, path: string, body?: object) => Promise<T>;

/** A started app's routes as `shop`, over HTTP (fetch). */
export function shopApi(app: { baseUrl: string; keys: TokenKeys }, shop: string): ShopApi {
  const call = callAsShop<Response>(app.keys, (request) =>
    fetch(`${app.baseUrl}${request.url}`, {
      method: request.method,
      headers: {
        ...request.headers,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    }),
  );
  return async <T>(method: Method, path: string, body?: object): Promise<T> => {
    const answer = await call(shop, method, path, body);
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  };
}
