import {
  ACCOUNT_MESSAGES,
  ACCOUNT_SERVER_MESSAGES,
  normaliseEmail,
  type SellerPayload,
} from '@popstage/core/account';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { forbidden, HttpError } from '../../http/errors';
import { LivePlatformError } from '../../platform/live/port';
import type { Tenant } from '../../tenant';
import { findVerificationByUid, phoneUsedElsewhere } from './otp-store';
import { findSellerAccount, type SellerAccountRow, saveSellerAccount } from './seller-store';
import { emailUsedElsewhere, isUniqueViolation } from './store-account-store';

/** The shop's live-selling seller account, once created (tenant resolution reads it). */
export function sellerAccountOf(db: Db, shopId: string): Promise<SellerAccountRow | undefined> {
  return findSellerAccount(db, shopId);
}

/** A verification is good for creating the seller account for this long. */
export const VERIFICATION_VALID_MS = 24 * 3600_000;

type Deps = Pick<AppDeps, 'database' | 'live' | 'clock'>;

/**
 * POST psl-account: the seller account on the live platform, for a phone this shop verified.
 * Idempotent: an existing seller is answered as is; the platform call carries an idempotency
 * key, so a retry after a failure between its answer and our write finds the same seller.
 */
export async function createSellerAccount(
  deps: Deps,
  tenant: Pick<Tenant, 'shop'>,
  payload: SellerPayload,
  log: FastifyBaseLogger,
): Promise<SellerAccountRow> {
  const { shop } = tenant;
  if (payload.shopifyDomain !== shop.shopifyDomain) {
    throw forbidden('You do not have access to this shop');
  }
  const { db } = deps.database;
  const existing = await findSellerAccount(db, shop.id);
  if (existing) return existing;

  const now = deps.clock.now();
  const verification = await findVerificationByUid(db, shop.id, payload.uid);
  const fresh =
    verification &&
    verification.phone === payload.phoneNumber &&
    now.getTime() - verification.verifiedAt.getTime() <= VERIFICATION_VALID_MS;
  if (!fresh) throw forbidden(ACCOUNT_SERVER_MESSAGES.phoneNotVerified);
  if (await phoneUsedElsewhere(db, shop.id, payload.phoneNumber)) {
    throw new HttpError(409, ACCOUNT_MESSAGES.phoneInUse);
  }
  if (await emailUsedElsewhere(db, shop.id, normaliseEmail(payload.email))) {
    throw new HttpError(409, ACCOUNT_MESSAGES.emailInUse);
  }

  let seller: { sellerId: string; dashboardUrl: string };
  try {
    seller = await deps.live.createSeller({ idempotencyKey: `${shop.id}:${payload.uid}`, payload });
  } catch (error) {
    log.error({ err: error }, 'live platform: seller creation failed');
    if (error instanceof LivePlatformError && error.conflict) {
      const message =
        error.conflict === 'email' ? ACCOUNT_MESSAGES.emailInUse : ACCOUNT_MESSAGES.phoneInUse;
      throw new HttpError(409, message);
    }
    throw new HttpError(502, ACCOUNT_MESSAGES.sellerAccountFailed);
  }
  try {
    return await saveSellerAccount(db, {
      shopId: shop.id,
      sellerId: seller.sellerId,
      uid: payload.uid,
      phone: payload.phoneNumber,
      email: payload.email,
      dashboardUrl: seller.dashboardUrl,
      payload,
      createdAt: now,
    });
  } catch (error) {
    // Another shop took the phone between our check and the write.
    if (isUniqueViolation(error)) throw new HttpError(409, ACCOUNT_MESSAGES.phoneInUse);
    throw error;
  }
}
