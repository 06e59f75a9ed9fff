import {
  accountContract,
  type OtpChallengeWire,
  type OtpConfigWire,
  type PhoneVerificationWire,
  type SellerAccountWire,
  type SellerPayload,
  type StoreAccountWire,
} from '@popstage/core/account';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api/client';
import { type CacheKeys, routeKey, routeQueryOptions } from '../../lib/api/hooks';

/**
 * The account and phone-verification calls through core's account contract. The flows call them
 * one after another (check, send, verify, create, poll), so they are plain functions over
 * api.call; only the OTP config is a query (the create screen prefetches it).
 */

export const cacheKeys: CacheKeys = {
  queries: [routeKey(accountContract.otpConfig)],
  invalidates: [],
};

/** The bot check and code rules do not change while the admin is open. */
function otpConfigQuery(api: ApiClient) {
  return { ...routeQueryOptions(api, accountContract.otpConfig, {}), staleTime: Infinity };
}

export function prefetchOtpConfig(api: ApiClient, queryClient: QueryClient): void {
  void queryClient.prefetchQuery(otpConfigQuery(api));
}

/** The prefetched config, or a fetch when it is not there (yet). */
export async function fetchOtpConfig(
  api: ApiClient,
  queryClient: QueryClient,
): Promise<OtpConfigWire> {
  return (await queryClient.fetchQuery(otpConfigQuery(api))).data;
}

export async function sendOtp(
  api: ApiClient,
  phone: string,
  botToken: string,
): Promise<OtpChallengeWire> {
  return (await api.call(accountContract.otpSend, { body: { phone, botToken } })).data;
}

export async function resendOtp(api: ApiClient, challengeId: string): Promise<OtpChallengeWire> {
  return (await api.call(accountContract.otpResend, { body: { challengeId } })).data;
}

export async function verifyOtp(
  api: ApiClient,
  challengeId: string,
  code: string,
): Promise<PhoneVerificationWire> {
  return (await api.call(accountContract.otpVerify, { body: { challengeId, code } })).data;
}

export async function isEmailAvailable(api: ApiClient, email: string): Promise<boolean> {
  return (await api.call(accountContract.checkEmail, { body: { email } })).emailAvailable;
}

/** The plus of the E.164 number is encoded (spec 01 §7), so it does not arrive as a space. */
export async function isPhoneAvailable(api: ApiClient, phone: string): Promise<boolean> {
  return (await api.call(accountContract.checkPhone, { query: { phone } })).data.is_phone_available;
}

export function createStoreAccount(api: ApiClient, email: string): Promise<StoreAccountWire> {
  return api.call(accountContract.createStoreAccount, { body: { email } });
}

export function readStoreAccount(api: ApiClient): Promise<StoreAccountWire> {
  return api.call(accountContract.storeAccount, {});
}

export async function createSellerAccount(
  api: ApiClient,
  payload: SellerPayload,
): Promise<SellerAccountWire> {
  return (await api.call(accountContract.sellerAccount, { body: payload })).data;
}
