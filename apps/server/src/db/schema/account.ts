import type { SellerPayload } from '@popstage/core/account';
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { counter, serialKey, timestamptz, uuidKey } from './columns';
import { shopIdColumn, shopKeyColumn } from './shops';

/** One phone verification in progress: the latest code, hashed, with its attempts and expiry. */
export const phoneChallenges = pgTable(
  'phone_challenges',
  {
    id: uuidKey(),
    shopId: shopIdColumn(),
    phone: text().notNull(),
    /** HMAC-SHA256 of challenge id and code under a server key; the code itself is never stored. */
    codeHash: text().notNull(),
    attempts: counter(),
    sendCount: integer().notNull().default(1),
    sentAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
    /** Set once, by the verify call that used the code: a used code cannot be replayed. */
    verifiedAt: timestamptz(),
  },
  (table) => [index().on(table.shopId, table.phone)],
);

/** Every code sent, for the per-phone and per-IP hourly limits (counted across shops). */
export const otpSends = pgTable(
  'otp_sends',
  {
    id: serialKey(),
    shopId: shopIdColumn(),
    phone: text().notNull(),
    ip: text().notNull(),
    sentAt: timestamptz().notNull(),
  },
  (table) => [index().on(table.phone, table.sentAt), index().on(table.ip, table.sentAt)],
);

/** A phone number this shop proved it holds; uid is stable per shop and phone. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    shopId: shopIdColumn(),
    phone: text().notNull(),
    uid: text().notNull().unique(),
    verifiedAt: timestamptz().notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.phone] })],
);

/** The core store account ("CommentSold"): created asynchronously by a job. */
export const storeAccounts = pgTable('store_accounts', {
  shopId: shopKeyColumn(),
  email: text().notNull(),
  /** Lower-cased e-mail: unique across shops. */
  emailNormalised: text().notNull().unique(),
  status: text().$type<'pending' | 'created'>().notNull(),
  requestedAt: timestamptz().notNull(),
  createdAt: timestamptz(),
});

/** The seller account on the live-selling platform ("popshop.live"), one per shop. */
export const sellerAccounts = pgTable('seller_accounts', {
  shopId: shopKeyColumn(),
  sellerId: text().notNull().unique(),
  uid: text().notNull(),
  /** Unique across shops: 'Phone number already in use'. */
  phone: text().notNull().unique(),
  email: text().notNull(),
  dashboardUrl: text().notNull(),
  payload: jsonb().$type<SellerPayload>().notNull(),
  createdAt: timestamptz().notNull(),
});
