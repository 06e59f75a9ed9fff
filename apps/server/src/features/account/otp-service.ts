import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  OTP_MAX_ATTEMPTS,
  OTP_MESSAGES,
  OTP_RESEND_SECONDS,
  OTP_SENDS_PER_IP_PER_HOUR,
  OTP_SENDS_PER_PHONE_PER_HOUR,
  OTP_TTL_SECONDS,
} from '@popstage/core/account';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import { OtpDeliveryError } from '../../platform/sms/port';
import type { Tenant } from '../../tenant';
import { generateOtpCode, generateUid, hashOtpCode, otpCodeMatches, otpHashKey } from './otp-code';
import {
  type ChallengeRow,
  consumeChallenge,
  countAttempt,
  deleteChallenge,
  expireOpenChallenges,
  findChallenge,
  insertChallenge,
  latestVerification,
  phoneUsedElsewhere,
  recentSends,
  recordSend,
  replaceCode,
  restoreChallenge,
  upsertVerification,
  type VerificationRow,
} from './otp-store';

/** Phone verification owned by the server: codes, expiry, attempts, limits (docs/decisions.md). */

const HOUR_MS = 3600_000;

export interface RequestContext {
  ip: string;
  log: FastifyBaseLogger;
}

type Deps = Pick<AppDeps, 'database' | 'config' | 'otp' | 'botCheck' | 'clock'>;

const tooMany = (retryAfterSeconds?: number) =>
  new HttpError(
    429,
    OTP_MESSAGES.tooManyRequests,
    retryAfterSeconds === undefined ? undefined : { retryAfterSeconds },
  );

/** POST account/otp/send: bot check and limits, then a new code by SMS. */
export async function sendOtp(
  deps: Deps,
  tenant: Pick<Tenant, 'shop'>,
  input: { phone: string; botToken: string },
  context: RequestContext,
): Promise<ChallengeRow> {
  const { shop } = tenant;
  const { db } = deps.database;
  const now = deps.clock.now();
  if (await phoneUsedElsewhere(db, shop.id, input.phone)) {
    throw new HttpError(409, ACCOUNT_MESSAGES.phoneInUse);
  }
  await enforceSendLimits(deps, input.phone, context.ip, now);
  let human: boolean;
  try {
    human = await deps.botCheck.verify(input.botToken, context.ip);
  } catch (error) {
    context.log.error({ err: error }, 'bot check unavailable');
    throw new HttpError(503, OTP_MESSAGES.signInFailed);
  }
  if (!human) throw new HttpError(403, OTP_MESSAGES.signInFailed);

  await expireOpenChallenges(db, shop.id, input.phone, now);
  const id = randomUUID();
  const code = generateOtpCode();
  const challenge = await insertChallenge(db, {
    id,
    shopId: shop.id,
    phone: input.phone,
    codeHash: hashOtpCode(hashKey(deps), id, code),
    sentAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
  });
  await recordSend(db, { shopId: shop.id, phone: input.phone, ip: context.ip, sentAt: now });
  try {
    await deliver(deps, shop.shopifyDomain, challenge, code, context);
  } catch (error) {
    // An undelivered code must not be left waiting for a guess.
    await deleteChallenge(db, id);
    throw deliveryFailure(error, context, OTP_MESSAGES.invalidPhone, OTP_MESSAGES.signInFailed);
  }
  return challenge;
}

/** POST account/otp/resend: a new code for the same challenge, no sooner than 60 s after the last. */
export async function resendOtp(
  deps: Deps,
  tenant: Pick<Tenant, 'shop'>,
  challengeId: string,
  context: RequestContext,
): Promise<ChallengeRow> {
  const { shop } = tenant;
  const { db } = deps.database;
  const now = deps.clock.now();
  const before = await findChallenge(db, shop.id, challengeId);
  if (!before) throw new HttpError(404, OTP_MESSAGES.resendFailed);
  if (before.verifiedAt) throw new HttpError(409, OTP_MESSAGES.resendFailed);
  const waitMs = before.sentAt.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime();
  if (waitMs > 0) throw tooMany(Math.ceil(waitMs / 1000));
  await enforceSendLimits(deps, before.phone, context.ip, now);

  const code = generateOtpCode();
  const updated = await replaceCode(
    db,
    before.id,
    {
      codeHash: hashOtpCode(hashKey(deps), before.id, code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    },
    new Date(now.getTime() - OTP_RESEND_SECONDS * 1000),
  );
  // A concurrent re-send or verify got there first.
  if (!updated) throw tooMany(OTP_RESEND_SECONDS);
  await recordSend(db, { shopId: shop.id, phone: before.phone, ip: context.ip, sentAt: now });
  try {
    await deliver(deps, shop.shopifyDomain, updated, code, context);
  } catch (error) {
    // The previous code keeps working when the new one could not be delivered.
    await restoreChallenge(db, before);
    throw deliveryFailure(
      error,
      context,
      OTP_MESSAGES.resendInvalidPhone,
      OTP_MESSAGES.resendFailed,
    );
  }
  return updated;
}

/** POST account/otp/verify: the code of the challenge, once, within its expiry and attempts. */
export async function verifyOtp(
  deps: Deps,
  tenant: Pick<Tenant, 'shop'>,
  input: { challengeId: string; code: string },
): Promise<VerificationRow> {
  const { shop } = tenant;
  const { db } = deps.database;
  const now = deps.clock.now();
  const challenge = await findChallenge(db, shop.id, input.challengeId);
  if (!challenge) throw new HttpError(404, OTP_MESSAGES.verifyFailed);
  if (challenge.verifiedAt || challenge.expiresAt <= now) {
    throw new HttpError(410, OTP_MESSAGES.codeExpired);
  }
  const counted = await countAttempt(db, challenge.id, OTP_MAX_ATTEMPTS);
  if (!counted) {
    if ((await findChallenge(db, shop.id, challenge.id))?.verifiedAt) {
      throw new HttpError(410, OTP_MESSAGES.codeExpired);
    }
    throw tooMany();
  }
  if (!otpCodeMatches(hashKey(deps), challenge.id, input.code, challenge.codeHash)) {
    throw new HttpError(400, OTP_MESSAGES.invalidCode, {
      attemptsRemaining: Math.max(0, OTP_MAX_ATTEMPTS - counted.attempts),
    });
  }
  if (!(await consumeChallenge(db, challenge.id, now))) {
    throw new HttpError(410, OTP_MESSAGES.codeExpired);
  }
  return upsertVerification(db, {
    shopId: shop.id,
    phone: challenge.phone,
    uid: generateUid(),
    verifiedAt: now,
  });
}

/** GET account/verification: the shop's latest verified phone. */
export async function latestPhoneVerification(
  deps: Pick<AppDeps, 'database'>,
  tenant: Pick<Tenant, 'shop'>,
): Promise<VerificationRow | null> {
  return (await latestVerification(deps.database.db, tenant.shop.id)) ?? null;
}

/** GET check-phone: free unless another shop's seller account holds the number. */
export async function isPhoneAvailable(
  deps: Pick<AppDeps, 'database'>,
  tenant: Pick<Tenant, 'shop'>,
  phone: string,
): Promise<boolean> {
  return !(await phoneUsedElsewhere(deps.database.db, tenant.shop.id, phone));
}

async function enforceSendLimits(deps: Deps, phone: string, ip: string, now: Date) {
  const sent = await recentSends(deps.database.db, phone, ip, new Date(now.getTime() - HOUR_MS));
  if (sent.phone >= OTP_SENDS_PER_PHONE_PER_HOUR || sent.ip >= OTP_SENDS_PER_IP_PER_HOUR) {
    throw tooMany();
  }
}

async function deliver(
  deps: Deps,
  shopDomain: string,
  challenge: ChallengeRow,
  code: string,
  context: RequestContext,
) {
  await deps.otp.send({
    to: challenge.phone,
    code,
    expiresInMinutes: OTP_TTL_SECONDS / 60,
    shopDomain,
  });
  // Offline there is no phone: the code is in the server log as well as the /sandbox/outbox.
  if (deps.otp.kind === 'sandbox') {
    context.log.info(
      { phone: challenge.phone, code, challengeId: challenge.id },
      'sandbox OTP sent',
    );
  }
}

function deliveryFailure(
  error: unknown,
  context: RequestContext,
  invalidNumberMessage: string,
  failedMessage: string,
): HttpError {
  context.log.error({ err: error }, 'OTP delivery failed');
  if (error instanceof OtpDeliveryError && error.invalidNumber) {
    return new HttpError(400, invalidNumberMessage);
  }
  return new HttpError(502, failedMessage);
}

function hashKey(deps: Pick<AppDeps, 'config'>): Buffer {
  return otpHashKey(deps.config.SHOPIFY_API_SECRET);
}
