import { POPCLIP_EMPTY_MESSAGES } from '@popstage/core/popclips';
import { ApiError } from '../../../lib/api/errors';

/**
 * The toast for a failed call: the server's own text for a request it refused (it answers the
 * spec's §5/§8 messages), `fallback` for network and server failures.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !error.transient && error.status >= 400) return error.message;
  return fallback;
}

/** csImport's 403 below the basic level: `{ message: 'Access Denied', reason: 'plan' }`. */
export function isPlanRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    error.message === POPCLIP_EMPTY_MESSAGES.accessDenied
  );
}
