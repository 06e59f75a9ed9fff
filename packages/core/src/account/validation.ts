import { z } from 'zod';
import { DEFAULT_COUNTRY_CODE, EMAIL_MAX_LENGTH, OTP_LENGTH } from './constants';
import { ACCOUNT_VALIDATION_MESSAGES as M, OTP_MESSAGES } from './messages';

/** The account form's rules (spec 01 §5); the admin validates with them, the server again. */

/** True when every character is in the Basic Multilingual Plane (no emoji or other astral ones). */
export function isBasicPlane(value: string): boolean {
  for (const char of value) if ((char.codePointAt(0) ?? 0) > 0xffff) return false;
  return true;
}

/** An address with a dot-separated domain ending in letters (the pattern zod uses for z.email). */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return (
    value.length >= 1 &&
    value.length <= EMAIL_MAX_LENGTH &&
    isBasicPlane(value) &&
    EMAIL_PATTERN.test(value)
  );
}

/** Trimmed, then 1–255 characters, the pattern, basic plane only: else 'Invalid email address'. */
export const emailSchema = z
  .string({ error: M.invalidEmail })
  .trim()
  .refine(isValidEmail, M.invalidEmail);

/** Lower-cased for uniqueness: two spellings of one mailbox are one address. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** 1–3 digits with an optional leading plus, or up to 4 digits. */
export const COUNTRY_CODE_PATTERN = /^(?:\+?\d{1,3}|\d{1,4})$/;
/** 5–16 characters of digits, dashes, parentheses, slashes or dots. */
export const PHONE_NUMBER_PATTERN = /^[0-9\-()/.]{5,16}$/;
/** E.164: a plus, then 2–15 digits, the first not 0. */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

export function isValidCountryCode(value: string): boolean {
  return COUNTRY_CODE_PATTERN.test(value);
}

export function isValidPhoneNumber(value: string): boolean {
  return PHONE_NUMBER_PATTERN.test(value);
}

export function isE164(value: string): boolean {
  return E164_PATTERN.test(value);
}

/** '+' + the country code's digits + the number's digits; null when a part or the whole is invalid. */
export function combinePhone(countryCode: string, phoneNumber: string): string | null {
  if (!isValidCountryCode(countryCode) || !isValidPhoneNumber(phoneNumber)) return null;
  const combined = `+${countryCode.replace(/\D/g, '')}${phoneNumber.replace(/\D/g, '')}`;
  return isE164(combined) ? combined : null;
}

export const countryCodeSchema = z
  .string({ error: M.invalidPhone })
  .trim()
  .refine(isValidCountryCode, M.invalidPhone);

export const phoneNumberSchema = z
  .string({ error: M.invalidPhone })
  .trim()
  .refine(isValidPhoneNumber, M.invalidPhone);

/** A whole number as the server takes it (E.164); the server's refusal uses the §8 toast text. */
export const e164PhoneSchema = z
  .string({ error: OTP_MESSAGES.invalidPhone })
  .trim()
  .refine(isE164, OTP_MESSAGES.invalidPhone);

export const termsSchema = z.literal(true, { error: M.termsRequired });

/** Exactly 6 ASCII digits (which also keeps it in the basic plane). */
export function isValidConfirmationCode(value: string): boolean {
  return value.length === OTP_LENGTH && isBasicPlane(value) && /^[0-9]+$/.test(value);
}

export const confirmationCodeSchema = z
  .string({ error: M.invalidCode })
  .refine(isValidConfirmationCode, M.invalidCode);

/** What the code field keeps of a keystroke or paste: digits only, at most 6. */
export function sanitiseCodeInput(input: string): string {
  return input.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

export interface AccountFormValues {
  email: string;
  countryCode: string;
  phoneNumber: string;
  termsAccepted: boolean;
}

export const ACCOUNT_FORM_DEFAULTS: AccountFormValues = {
  email: '',
  countryCode: DEFAULT_COUNTRY_CODE,
  phoneNumber: '',
  termsAccepted: false,
};

/**
 * The create-account form. The e-mail is not asked for when the core store account already
 * exists. The parsed value carries `phone`, the combined E.164 number.
 */
export function accountFormSchema(options: { storeAccountExists: boolean }) {
  return z
    .object({
      email: options.storeAccountExists ? z.string().optional() : emailSchema,
      countryCode: countryCodeSchema,
      phoneNumber: phoneNumberSchema,
      termsAccepted: termsSchema,
    })
    .transform((form, ctx) => {
      const phone = combinePhone(form.countryCode, form.phoneNumber);
      if (!phone) {
        ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: M.invalidPhone });
        return z.NEVER;
      }
      return { ...form, phone };
    });
}
