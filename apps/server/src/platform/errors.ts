/**
 * Failures an outside service reports that a merchant, a caller or a retry can resolve. Adapters
 * throw these; the HTTP layer (http/errors.ts) turns each kind into a status. Anything else an
 * adapter throws is our bug: logged and answered 500.
 */
export type PlatformErrorKind =
  /** The request to the service was malformed (a bad cursor, a page size out of range). */
  | 'invalid'
  /** No usable credentials for the shop (no token yet, exchange refused, token revoked). */
  | 'unauthorized'
  | 'not_found'
  /** The service's state forbids it (a taken handle, a charge already decided). */
  | 'conflict'
  /** The service refused the input (userErrors, an invalid metafield value). */
  | 'refused'
  /** Throttled or failing after retries. */
  | 'unavailable';

export class PlatformError extends Error {
  constructor(
    readonly kind: PlatformErrorKind,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}
