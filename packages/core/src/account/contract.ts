import { z } from 'zod';
import { dataAnswer } from '../contract/answers';
import { defineRoute } from '../contract/define';
import { sellerPayloadSchema } from './seller';
import { confirmationCodeSchema, e164PhoneSchema, emailSchema } from './validation';

/** Account creation and phone verification calls of spec 01 §2.10, §7 (docs/api.md "Account"). */

const otpSendBodySchema = z.object({
  phone: e164PhoneSchema,
  /** The invisible bot check's token (Cloudflare Turnstile; any string in the sandbox). */
  botToken: z.string().max(4096).default(''),
});
const otpResendBodySchema = z.object({ challengeId: z.uuid() });
const otpVerifyBodySchema = z.object({
  challengeId: z.uuid(),
  code: confirmationCodeSchema,
});
const storeAccountBodySchema = z.object({ email: emailSchema });

/** GET check-phone. A '+' sent unencoded arrives as a space: it is read back as the plus it was. */
const checkPhoneQuerySchema = z.object({
  phone: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/^ /, '+') : value),
    e164PhoneSchema,
  ),
});

const otpConfigSchema = z.object({
  botCheck: z.object({
    provider: z.enum(['sandbox', 'turnstile']),
    siteKey: z.string().nullable(),
  }),
  codeLength: z.number(),
  resendSeconds: z.number(),
  expiresInSeconds: z.number(),
});
export type OtpConfigWire = z.infer<typeof otpConfigSchema>;

const otpChallengeSchema = z.object({
  challengeId: z.string(),
  phone: z.string(),
  /** When the code stops working (ISO). */
  expiresAt: z.string(),
  /** When a re-send is allowed (ISO). */
  resendAvailableAt: z.string(),
  codeLength: z.number(),
});
export type OtpChallengeWire = z.infer<typeof otpChallengeSchema>;

const phoneVerificationSchema = z.object({
  /** Stable per shop and phone number: the seller payload's uid. */
  uid: z.string(),
  phone: z.string(),
  verifiedAt: z.string(),
});
export type PhoneVerificationWire = z.infer<typeof phoneVerificationSchema>;

const storeAccountSchema = z.object({
  created: z.boolean(),
  dashboardUrl: z.string().nullable(),
  email: z.string().nullable(),
});
export type StoreAccountWire = z.infer<typeof storeAccountSchema>;

const sellerAccountSchema = z.object({
  sellerId: z.string(),
  dashboardUrl: z.string(),
  popshopliveAccountCreated: z.literal(true),
});
export type SellerAccountWire = z.infer<typeof sellerAccountSchema>;

const challengeAnswer = dataAnswer(otpChallengeSchema);

export const accountContract = {
  otpConfig: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/account/otp-config',
    response: dataAnswer(otpConfigSchema),
    summary: 'The bot check to run and the code rules (length, re-send wait, expiry)',
  }),
  otpSend: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/account/otp/send',
    body: otpSendBodySchema,
    response: challengeAnswer,
    status: 201,
    summary: 'Bot check and limits, then a new code by SMS',
  }),
  otpResend: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/account/otp/resend',
    body: otpResendBodySchema,
    response: challengeAnswer,
    summary: 'A new code for the same challenge, no sooner than 60 s after the last',
  }),
  otpVerify: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/account/otp/verify',
    body: otpVerifyBodySchema,
    response: dataAnswer(phoneVerificationSchema),
    summary: 'Checks the code once, within its expiry and attempts',
  }),
  verification: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/account/verification',
    response: dataAnswer(phoneVerificationSchema.nullable()),
    summary: "The shop's latest verified phone, or null",
  }),
  storeAccount: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/connections/commentsold',
    response: storeAccountSchema,
    summary: 'The core store account as the admin polls it while the job runs',
  }),
  createStoreAccount: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/connections/commentsold',
    body: storeAccountBodySchema,
    response: storeAccountSchema,
    status: 202,
    summary: 'Records the store account request and queues its creation',
  }),
  checkEmail: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/connections/commentsold/check-email',
    body: storeAccountBodySchema,
    response: z.object({ emailAvailable: z.boolean() }),
    summary: "Free unless another shop's account uses the e-mail",
  }),
  checkPhone: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/check-phone',
    query: checkPhoneQuerySchema,
    response: dataAnswer(z.object({ is_phone_available: z.boolean() })),
    summary: "Free unless another shop's seller account holds the number",
  }),
  sellerAccount: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/psl-account',
    body: sellerPayloadSchema,
    response: dataAnswer(sellerAccountSchema),
    summary: 'The live-selling seller account, for a phone this shop verified (idempotent)',
  }),
};
