import { buildSellerPayload, type SellerPayload } from '@popstage/core/account';
import { desc, eq } from 'drizzle-orm';
import { sandboxSmsOutbox } from '../db/schema';
import { call, type TestApp } from './app';

/** Helpers for tests that go through phone verification. */

export const OTP = '/api/shopify/shop/account/otp';

/** The newest code the sandbox outbox holds for the phone. */
export async function lastCode(t: TestApp, phone: string): Promise<string> {
  const [row] = await t.deps.database.db
    .select()
    .from(sandboxSmsOutbox)
    .where(eq(sandboxSmsOutbox.phone, phone))
    .orderBy(desc(sandboxSmsOutbox.id))
    .limit(1);
  if (!row) throw new Error(`no code was sent to ${phone}`);
  return row.code;
}

export async function sendCode(t: TestApp, shop: string, phone: string, ip?: string) {
  return call(t, shop, 'POST', `${OTP}/send`, { phone, botToken: 'token' }, ip);
}

/** Sends and verifies a code: answers the verification (its uid). */
export async function verifyPhone(
  t: TestApp,
  shop: string,
  phone: string,
): Promise<{ uid: string; phone: string }> {
  const sent = await sendCode(t, shop, phone);
  if (sent.statusCode !== 201) throw new Error(`send failed: ${sent.body}`);
  const verified = await call(t, shop, 'POST', `${OTP}/verify`, {
    challengeId: sent.json().data.challengeId,
    code: await lastCode(t, phone),
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return verified.json().data;
}

export function sellerPayload(
  shop: string,
  verification: { uid: string; phone: string },
  email = `owner@${shop}`,
): SellerPayload {
  return buildSellerPayload({
    uid: verification.uid,
    phoneNumber: verification.phone,
    email: email.replace('.myshopify.com', '.example.com'),
    ownerName: 'Ada Lovelace',
    shopifyDomain: shop,
    storeName: 'Demo Store',
  });
}
