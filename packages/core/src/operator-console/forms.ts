import { z } from 'zod';
import { DISCOUNT_KINDS } from '../billing/catalogue';
import { FEATURE_IDS } from '../shop/types';
import { passwordWeakness } from './password-strength';
import { OPERATOR_ROLES } from './roles';

/** The console's texts (ours; the spec has no console). */
export const CONSOLE_MESSAGES = {
  signInFailed: 'The e-mail, password or code is not right.',
  codeRequired: 'Enter the 6-digit code of your authenticator app.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a minute and try again.',
  forbidden: 'Your role does not allow this.',
  csrf: 'This form has expired. Reload the page and try again.',
  totpWrong: 'That code is not right. Check the time on your device and try again.',
  emailTaken: 'A staff member with this e-mail already exists.',
  codeTaken: 'This discount code already exists.',
  staffNotFound: 'This staff member does not exist.',
  accountLocked:
    'Too many failed sign-ins for this account. Please wait a few minutes and try again.',
  currentPasswordWrong: 'Your current password is not right.',
  passwordChanged: 'Your password is changed. Other sessions of your account have ended.',
  /** `npm run operator:create` creates the first admin only. */
  adminExists: 'An admin exists already: add staff from the Staff page of /operator.',
} as const;

/** OWASP's minimum for a password that is not checked against breach lists. */
export const OPERATOR_PASSWORD_MIN = 12;

export const operatorEmailSchema = z.email('Enter a valid e-mail address').trim().toLowerCase();

export const signInSchema = z.object({
  email: operatorEmailSchema,
  password: z.string().min(1).max(200),
  code: z
    .string()
    .trim()
    .regex(/^(\d{6})?$/, 'The code is 6 digits')
    .default(''),
});

/** A new password: long enough, and not easy to guess (zxcvbn-ts, knowing the account's e-mail). */
const newPasswordSchema = z
  .string()
  .min(OPERATOR_PASSWORD_MIN, `Use at least ${OPERATOR_PASSWORD_MIN} characters`)
  .max(200);

/** Asynchronous (the estimator loads on first use): these schemas are parsed with parseAsync. */
const refuseWeak = async (password: string, email: string, ctx: z.RefinementCtx, path: string) => {
  const weakness = await passwordWeakness(password, [email]);
  if (weakness) ctx.addIssue({ code: 'custom', message: weakness, path: [path] });
};

export const staffMemberSchema = z
  .object({
    email: operatorEmailSchema,
    password: newPasswordSchema,
    role: z.enum(OPERATOR_ROLES),
  })
  .superRefine((staff, ctx) => refuseWeak(staff.password, staff.email, ctx, 'password'));

/** "Your account": a new password, with the current one (a left-open session cannot change it). */
export const passwordChangeSchema = (email: string) =>
  z
    .object({
      current: z.string().min(1, CONSOLE_MESSAGES.currentPasswordWrong).max(200),
      password: newPasswordSchema,
    })
    .superRefine((change, ctx) => refuseWeak(change.password, email, ctx, 'password'));

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code is 6 digits'),
});

/** A discount code as staff create it (the billing rules read it from discount_codes). */
export const discountCodeInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,40}$/, 'Use 3 to 40 letters, digits, - or _'),
    description: z.string().trim().max(200),
    kind: z.enum(DISCOUNT_KINDS),
    value: z
      .string()
      .trim()
      .regex(/^(\d{1,7}(\.\d{1,2})?)?$/, 'Enter an amount such as 10 or 9.99'),
    appliesTo: z.array(z.enum(FEATURE_IDS)).min(1, 'Choose at least one feature'),
    endsAt: z
      .string()
      .trim()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Enter a date as YYYY-MM-DD'),
    maxRedemptions: z
      .string()
      .trim()
      .regex(/^(\d{1,7})?$/, 'Enter a whole number'),
  })
  .refine((c) => c.kind === 'free_popclips_addon' || c.value !== '', {
    message: 'Enter the discount value',
    path: ['value'],
  })
  .refine((c) => c.kind !== 'percentage' || Number(c.value) <= 100, {
    message: 'A percentage is at most 100',
    path: ['value'],
  });
