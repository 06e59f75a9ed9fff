import { ACCOUNT_MESSAGES, OTP_MESSAGES } from '@popstage/core/account';
import { ApiError } from '../../lib/api/errors';

/** Maps the server's answers (docs/api.md) to the spec 01 §8 texts, by status. */

const status = (error: unknown) => (error instanceof ApiError ? error.status : 0);

/** Toast after a failed send (create page). */
export function sendErrorMessage(error: unknown): string {
  switch (status(error)) {
    case 400:
      return OTP_MESSAGES.invalidPhone;
    case 409:
      return ACCOUNT_MESSAGES.phoneInUse;
    case 429:
      return OTP_MESSAGES.tooManyRequests;
    default:
      return OTP_MESSAGES.signInFailed;
  }
}

/** Toast after a failed re-send (verify page). */
export function resendErrorMessage(error: unknown): string {
  switch (status(error)) {
    case 400:
      return OTP_MESSAGES.resendInvalidPhone;
    case 429:
      return OTP_MESSAGES.tooManyRequests;
    default:
      return OTP_MESSAGES.resendFailed;
  }
}

/** Inline error under the code field after a failed verification. */
export function verifyErrorMessage(error: unknown): string {
  switch (status(error)) {
    case 400:
      return OTP_MESSAGES.invalidCode;
    case 410:
      return OTP_MESSAGES.codeExpired;
    case 429:
      return OTP_MESSAGES.tooManyRequests;
    default:
      return OTP_MESSAGES.verifyFailed;
  }
}
