import {
  e164PhoneSchema,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  type OtpConfigWire,
  otpResendBodySchema,
  otpSendBodySchema,
  otpVerifyBodySchema,
  sellerPayloadSchema,
  storeAccountBodySchema,
} from '@popstage/core/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ensureShop } from '../shop';
import { resendOtp, sendOtp, verificationWire, verifyOtp } from './otp-service';
import { latestVerification, phoneUsedElsewhere } from './otp-store';
import { createSellerAccount } from './seller-service';
import { createStoreAccount, isEmailAvailable, readStoreAccount } from './store-account-service';

/** Account creation and phone verification (spec 01 §2.10, §7). Registered under /api. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const context = (request: { ip: string; log: typeof app.log }) => ({
    ip: request.ip,
    log: request.log,
  });

  app.get(
    '/shopify/shop/account/otp-config',
    async (): Promise<{ data: OtpConfigWire }> => ({
      data: {
        botCheck: { provider: deps.botCheck.kind, siteKey: deps.botCheck.siteKey },
        codeLength: OTP_LENGTH,
        resendSeconds: OTP_RESEND_SECONDS,
        expiresInSeconds: OTP_TTL_SECONDS,
      },
    }),
  );

  app.post(
    '/shopify/shop/account/otp/send',
    { schema: { body: otpSendBodySchema } },
    async (request, reply) =>
      reply.status(201).send({
        data: await sendOtp(deps, request.shopDomain, request.body, context(request)),
      }),
  );

  app.post(
    '/shopify/shop/account/otp/resend',
    { schema: { body: otpResendBodySchema } },
    async (request) => ({
      data: await resendOtp(deps, request.shopDomain, request.body.challengeId, context(request)),
    }),
  );

  app.post(
    '/shopify/shop/account/otp/verify',
    { schema: { body: otpVerifyBodySchema } },
    async (request) => ({ data: await verifyOtp(deps, request.shopDomain, request.body) }),
  );

  app.get('/shopify/shop/account/verification', async (request) => {
    const shop = await ensureShop(deps, request.shopDomain);
    const row = await latestVerification(deps.database.db, shop.id);
    return { data: row ? verificationWire(row) : null };
  });

  app.get('/shopify/shop/connections/commentsold', async (request) =>
    readStoreAccount(deps, request.shopDomain),
  );

  app.post(
    '/shopify/shop/connections/commentsold',
    { schema: { body: storeAccountBodySchema } },
    async (request, reply) =>
      reply
        .status(202)
        .send(await createStoreAccount(deps, request.shopDomain, request.body.email)),
  );

  app.post(
    '/shopify/shop/connections/commentsold/check-email',
    { schema: { body: storeAccountBodySchema } },
    async (request) => ({
      emailAvailable: await isEmailAvailable(deps, request.shopDomain, request.body.email),
    }),
  );

  app.get(
    '/shopify/shop/check-phone',
    {
      schema: {
        // A '+' sent unencoded arrives as a space: read it back as the plus it was.
        querystring: z.object({
          phone: z.preprocess(
            (value) => (typeof value === 'string' ? value.replace(/^ /, '+') : value),
            e164PhoneSchema,
          ),
        }),
      },
    },
    async (request) => {
      const shop = await ensureShop(deps, request.shopDomain);
      const used = await phoneUsedElsewhere(deps.database.db, shop.id, request.query.phone);
      return { data: { is_phone_available: !used } };
    },
  );

  app.post(
    '/shopify/shop/psl-account',
    { schema: { body: sellerPayloadSchema } },
    async (request) => ({
      data: await createSellerAccount(deps, request.shopDomain, request.body, request.log),
    }),
  );
};
