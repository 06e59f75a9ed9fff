import {
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  type OtpChallengeWire,
  type PhoneVerificationWire,
  type SellerAccountWire,
  type StoreAccountWire,
} from '@popstage/core/account';
import type { ShopRow } from '../../db/schema';
import type { ChallengeRow, VerificationRow } from './otp-store';
import type { SellerAccountRow } from './seller-store';
import type { StoreAccountRow } from './store-account-store';

/** Stored rows → the wire shapes of core's account contract. */

export function challengeWire(row: ChallengeRow): OtpChallengeWire {
  return {
    challengeId: row.id,
    phone: row.phone,
    expiresAt: row.expiresAt.toISOString(),
    resendAvailableAt: new Date(row.sentAt.getTime() + OTP_RESEND_SECONDS * 1000).toISOString(),
    codeLength: OTP_LENGTH,
  };
}

export function verificationWire(
  row: Pick<VerificationRow, 'uid' | 'phone' | 'verifiedAt'>,
): PhoneVerificationWire {
  return { uid: row.uid, phone: row.phone, verifiedAt: row.verifiedAt.toISOString() };
}

export function storeAccountWire(
  shop: Pick<ShopRow, 'dashboardUrl'>,
  account: StoreAccountRow | undefined,
): StoreAccountWire {
  return {
    created: account?.status === 'created',
    // The merchant's dashboard is the seller's go-live dashboard, known once that account exists.
    dashboardUrl: shop.dashboardUrl,
    email: account?.email ?? null,
  };
}

export function sellerWire(row: SellerAccountRow): SellerAccountWire {
  return {
    sellerId: row.sellerId,
    dashboardUrl: row.dashboardUrl,
    popshopliveAccountCreated: true,
  };
}
