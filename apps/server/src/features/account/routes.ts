import {
  accountContract as contract,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
} from '@popstage/core/account';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import {
  isPhoneAvailable,
  latestPhoneVerification,
  resendOtp,
  sendOtp,
  verifyOtp,
} from './otp-service';
import { createSellerAccount } from './seller-service';
import { createStoreAccount, isEmailAvailable, readStoreAccount } from './store-account-service';
import { challengeWire, sellerWire, storeAccountWire, verificationWire } from './wire';

/**
 * Account creation and phone verification (spec 01 §2.10, §7) from core's account contract; the
 * tenant is request.tenant.
 */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  serveRoute(app, contract.otpConfig, async () => ({
    data: {
      botCheck: { provider: deps.botCheck.kind, siteKey: deps.botCheck.siteKey },
      codeLength: OTP_LENGTH,
      resendSeconds: OTP_RESEND_SECONDS,
      expiresInSeconds: OTP_TTL_SECONDS,
    },
  }));

  serveRoute(app, contract.otpSend, async ({ tenant, body, ip, log }) => ({
    data: challengeWire(await sendOtp(deps, tenant, body, { ip, log })),
  }));

  serveRoute(app, contract.otpResend, async ({ tenant, body, ip, log }) => ({
    data: challengeWire(await resendOtp(deps, tenant, body.challengeId, { ip, log })),
  }));

  serveRoute(app, contract.otpVerify, async ({ tenant, body }) => ({
    data: verificationWire(await verifyOtp(deps, tenant, body)),
  }));

  serveRoute(app, contract.verification, async ({ tenant }) => {
    const row = await latestPhoneVerification(deps, tenant);
    return { data: row ? verificationWire(row) : null };
  });

  serveRoute(app, contract.storeAccount, async ({ tenant }) =>
    storeAccountWire(tenant.shop, await readStoreAccount(deps, tenant)),
  );

  serveRoute(app, contract.createStoreAccount, async ({ tenant, body }) =>
    storeAccountWire(tenant.shop, await createStoreAccount(deps, tenant, body.email)),
  );

  serveRoute(app, contract.checkEmail, async ({ tenant, body }) => ({
    emailAvailable: await isEmailAvailable(deps, tenant, body.email),
  }));

  serveRoute(app, contract.checkPhone, async ({ tenant, query }) => ({
    data: { is_phone_available: await isPhoneAvailable(deps, tenant, query.phone) },
  }));

  serveRoute(app, contract.sellerAccount, async ({ tenant, body, log }) => ({
    data: sellerWire(await createSellerAccount(deps, tenant, body, log)),
  }));
}
