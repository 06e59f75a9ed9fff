import { PlatformError } from '../errors';
import type { AccessTokens } from './access-tokens';
import { ShopifyAuthError, ShopifyGraphqlError, ShopifyUnavailableError } from './errors';

/**
 * A small Admin GraphQL client: POST {adminOrigin}/admin/api/{version}/graphql.json with the
 * shop's offline token. Shopify limits by calculated query cost (a leaky bucket per app and shop);
 * a throttled call answers `errors[].extensions.code = THROTTLED` with the bucket state in
 * `extensions.cost.throttleStatus`, so we wait exactly until the bucket holds the requested cost.
 * https://shopify.dev/docs/api/usage/limits#graphql-admin-api-rate-limits
 */

export interface GraphqlClientOptions {
  adminOrigin: (shop: string) => string;
  apiVersion: string;
  fetch: typeof fetch;
  tokens: AccessTokens;
  /** Injected so tests do not wait for real. */
  sleep?: (ms: number) => Promise<void>;
  /** Retries of a throttled (or 5xx) call before giving up. */
  maxRetries?: number;
}

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface QueryCost {
  requestedQueryCost?: number;
  actualQueryCost?: number | null;
  throttleStatus?: ThrottleStatus;
}

export interface GraphqlResponse<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
  extensions?: { cost?: QueryCost };
}

export type GraphqlRequest = <T>(
  shop: string,
  document: string,
  variables?: Record<string, unknown>,
) => Promise<T>;

const MIN_WAIT_MS = 100;
const MAX_WAIT_MS = 20_000;

/** Milliseconds until the bucket can pay `requested` points; a backoff when Shopify said nothing. */
export function throttleWaitMs(cost: QueryCost | undefined, attempt: number): number {
  const status = cost?.throttleStatus;
  const requested = cost?.requestedQueryCost;
  if (status && requested !== undefined && status.restoreRate > 0) {
    const missing = Math.max(0, requested - status.currentlyAvailable);
    return clamp(Math.ceil((missing / status.restoreRate) * 1000), MIN_WAIT_MS, MAX_WAIT_MS);
  }
  return clamp(500 * 2 ** attempt, MIN_WAIT_MS, MAX_WAIT_MS);
}

function clamp(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, value));
}

export function createGraphqlClient(options: GraphqlClientOptions): GraphqlRequest {
  const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const maxRetries = options.maxRetries ?? 5;

  return async function request<T>(
    shop: string,
    document: string,
    variables: Record<string, unknown> = {},
  ): Promise<T> {
    const operation = operationName(document);
    const url = `${options.adminOrigin(shop)}/admin/api/${options.apiVersion}/graphql.json`;
    let reauthorized = false;
    for (let attempt = 0; ; attempt++) {
      const token = await options.tokens.require(shop);
      const call = { url, document, variables, tokenHeader: 'X-Shopify-Access-Token', token };
      const response = await postGraphql(options.fetch, call);

      if (response.status === 401) {
        // Revoked or replaced: forget it, and try once more, which exchanges a new token when
        // the shop's session token is still valid (require); else the merchant must reopen.
        await options.tokens.drop(shop, token);
        if (!reauthorized) {
          reauthorized = true;
          continue;
        }
        throw new ShopifyAuthError(`Shopify rejected the access token for ${shop}`);
      }
      const retryable = response.status === 429 || response.status >= 500;
      const body = (await response.json().catch(() => null)) as GraphqlResponse<T> | null;
      const throttled =
        response.status === 429 ||
        (body?.errors ?? []).some((error) => error.extensions?.code === 'THROTTLED');

      if (throttled || retryable) {
        if (attempt >= maxRetries) {
          throw new ShopifyUnavailableError(
            throttled
              ? `Shopify is rate limiting ${operation} for ${shop}; please try again shortly`
              : `Shopify answered ${response.status} to ${operation} for ${shop}`,
          );
        }
        await sleep(throttleWaitMs(body?.extensions?.cost, attempt));
        continue;
      }
      if (!response.ok || body === null) {
        throw new Error(`Shopify ${operation} for ${shop} answered ${response.status}`);
      }
      if (body.errors && body.errors.length > 0) {
        // An argument Shopify refused (a stale or forged cursor the caller passed on).
        if (body.errors.every((error) => error.extensions?.code === 'BAD_REQUEST')) {
          throw new PlatformError('invalid', body.errors.map((error) => error.message).join('; '));
        }
        throw new ShopifyGraphqlError(operation, body.errors);
      }
      if (body.data === undefined || body.data === null) {
        throw new Error(`Shopify ${operation} for ${shop} answered without data`);
      }
      return body.data;
    }
  };
}

/** A GraphQL document POSTed as JSON with the shop's token under the API's own header. */
export function postGraphql(
  fetchImpl: typeof fetch,
  call: {
    url: string;
    document: string;
    variables: Record<string, unknown>;
    tokenHeader: string;
    token: string;
  },
): Promise<Response> {
  return fetchImpl(call.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      [call.tokenHeader]: call.token,
    },
    body: JSON.stringify({ query: call.document, variables: call.variables }),
  });
}

/**
 * A node of `nodes(ids:)` that is of the asked type: an unknown id answers null, a node of another
 * type an empty object (the document's inline fragment selects nothing of it).
 */
export function isFound<T extends { id: string }>(
  node: T | Record<PropertyKey, never> | null,
): node is T {
  return node !== null && 'id' in node;
}

/** `query Name(...)` / `mutation Name` → Name, for error messages. */
export function operationName(document: string): string {
  return /\b(?:query|mutation)\s+(\w+)/.exec(document)?.[1] ?? 'operation';
}
