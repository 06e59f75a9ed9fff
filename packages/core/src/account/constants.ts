/** Account and phone-verification constants (spec 01 §9 and ours, see docs/decisions.md). */

/** Digits of a one-time password. */
export const OTP_LENGTH = 6;
/** Seconds before the verify page offers to re-send a code. */
export const OTP_RESEND_SECONDS = 60;
/** How long a code can be used. */
export const OTP_TTL_SECONDS = 10 * 60;
/** Wrong codes allowed per sent code; the next try needs a new code. */
export const OTP_MAX_ATTEMPTS = 5;
/** Codes sent (send + re-send) per phone number per hour, across shops. */
export const OTP_SENDS_PER_PHONE_PER_HOUR = 5;
/** Codes sent per client IP address per hour, across shops. */
export const OTP_SENDS_PER_IP_PER_HOUR = 20;
/** The admin polls the core store account this often, this many times (spec 01 §4, §9). */
export const STORE_ACCOUNT_POLL_MS = 2000;
export const STORE_ACCOUNT_POLL_TRIES = 20;
/** Country code the account form starts with (spec 01 §9). */
export const DEFAULT_COUNTRY_CODE = '+1';
/** Longest e-mail address accepted (spec 01 §9). */
export const EMAIL_MAX_LENGTH = 255;
