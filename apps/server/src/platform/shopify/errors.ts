import { PlatformError } from '../errors';

/**
 * Failures of the Shopify adapter. Those a merchant or a retry can resolve are PlatformErrors (the
 * HTTP layer answers them by kind); a malformed query or an unexpected answer is a plain Error,
 * i.e. our bug, logged and answered 500.
 */

/** No usable offline token: none stored yet, exchange refused, or Shopify answered 401. */
export class ShopifyAuthError extends PlatformError {
  constructor(message: string) {
    super('unauthorized', message);
  }
}

export interface ShopifyUserErrorDetail {
  field: string[] | null;
  message: string;
  code?: string | null;
}

/** A mutation's userErrors: the input was refused (taken handle, invalid price...). */
export class ShopifyUserError extends PlatformError {
  constructor(
    readonly operation: string,
    readonly userErrors: ShopifyUserErrorDetail[],
  ) {
    super('refused', userErrors.map((error) => error.message).join('; ') || `${operation} failed`, {
      userErrors,
    });
  }
}

/** Still throttled after the retries, or Shopify kept failing with 5xx. */
export class ShopifyUnavailableError extends PlatformError {
  constructor(message: string) {
    super('unavailable', message);
  }
}

/** Top-level GraphQL `errors`: the document or its variables are wrong, which is our bug. */
export class ShopifyGraphqlError extends Error {
  constructor(
    readonly operation: string,
    readonly errors: { message: string; extensions?: { code?: string } }[],
  ) {
    super(`Shopify ${operation}: ${errors.map((error) => error.message).join('; ')}`);
  }
}

/** Throws the payload's userErrors, if any; returns the payload otherwise. */
export function throwOnUserErrors<T extends { userErrors: ShopifyUserErrorDetail[] }>(
  operation: string,
  payload: T | null | undefined,
): T {
  if (!payload) throw new Error(`Shopify ${operation}: empty payload`);
  if (payload.userErrors.length > 0) throw new ShopifyUserError(operation, payload.userErrors);
  return payload;
}
