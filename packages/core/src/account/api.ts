import { z } from 'zod';
import { confirmationCodeSchema, e164PhoneSchema, emailSchema } from './validation';

/** Request bodies and answers of the account, onboarding and support calls (docs/api.md). */

export const otpSendBodySchema = z.object({
  phone: e164PhoneSchema,
  /** The invisible bot check's token (Cloudflare Turnstile; any string in the sandbox). */
  botToken: z.string().max(4096).default(''),
});
export const otpResendBodySchema = z.object({ challengeId: z.uuid() });
export const otpVerifyBodySchema = z.object({
  challengeId: z.uuid(),
  code: confirmationCodeSchema,
});

export interface OtpChallengeWire {
  challengeId: string;
  phone: string;
  /** When the code stops working (ISO). */
  expiresAt: string;
  /** When a re-send is allowed (ISO). */
  resendAvailableAt: string;
  codeLength: number;
}

export interface PhoneVerificationWire {
  /** Stable per shop and phone number: the seller payload's uid. */
  uid: string;
  phone: string;
  verifiedAt: string;
}

export interface OtpConfigWire {
  botCheck: { provider: 'sandbox' | 'turnstile'; siteKey: string | null };
  codeLength: number;
  resendSeconds: number;
  expiresInSeconds: number;
}

export const storeAccountBodySchema = z.object({ email: emailSchema });

export interface StoreAccountWire {
  created: boolean;
  dashboardUrl: string | null;
  email: string | null;
}

export interface SellerAccountWire {
  sellerId: string;
  dashboardUrl: string;
  popshopliveAccountCreated: true;
}
