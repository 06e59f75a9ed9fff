import type {
  OtpChallengeWire,
  OtpConfigWire,
  PhoneVerificationWire,
  SellerAccountWire,
  SellerPayload,
  StoreAccountWire,
} from '@popstage/core/account';
import type { ApiClient } from '../../lib/api/client';

/** The account and phone-verification calls of docs/api.md (issue 4). */

const SHOP = '/api/shopify/shop';

export async function fetchOtpConfig(api: ApiClient): Promise<OtpConfigWire> {
  return (await api.get<{ data: OtpConfigWire }>(`${SHOP}/account/otp-config`)).data;
}

export async function sendOtp(
  api: ApiClient,
  phone: string,
  botToken: string,
): Promise<OtpChallengeWire> {
  return (
    await api.post<{ data: OtpChallengeWire }>(`${SHOP}/account/otp/send`, { phone, botToken })
  ).data;
}

export async function resendOtp(api: ApiClient, challengeId: string): Promise<OtpChallengeWire> {
  return (await api.post<{ data: OtpChallengeWire }>(`${SHOP}/account/otp/resend`, { challengeId }))
    .data;
}

export async function verifyOtp(
  api: ApiClient,
  challengeId: string,
  code: string,
): Promise<PhoneVerificationWire> {
  const answer = await api.post<{ data: PhoneVerificationWire }>(`${SHOP}/account/otp/verify`, {
    challengeId,
    code,
  });
  return answer.data;
}

export async function isEmailAvailable(api: ApiClient, email: string): Promise<boolean> {
  const answer = await api.post<{ emailAvailable: boolean }>(
    `${SHOP}/connections/commentsold/check-email`,
    { email },
  );
  return answer.emailAvailable;
}

/** The plus of the E.164 number is encoded (spec 01 §7), so it does not arrive as a space. */
export async function isPhoneAvailable(api: ApiClient, phone: string): Promise<boolean> {
  const answer = await api.get<{ data: { is_phone_available: boolean } }>(
    `${SHOP}/check-phone?phone=${encodeURIComponent(phone)}`,
  );
  return answer.data.is_phone_available;
}

export function createStoreAccount(api: ApiClient, email: string): Promise<StoreAccountWire> {
  return api.post(`${SHOP}/connections/commentsold`, { email });
}

export function readStoreAccount(api: ApiClient): Promise<StoreAccountWire> {
  return api.get(`${SHOP}/connections/commentsold`);
}

export async function createSellerAccount(
  api: ApiClient,
  payload: SellerPayload,
): Promise<SellerAccountWire> {
  return (await api.post<{ data: SellerAccountWire }>(`${SHOP}/psl-account`, payload)).data;
}
