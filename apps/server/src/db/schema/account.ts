import type { SellerPayload } from '@popstage/core/account';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { shopIdColumn, shops } from './shops';

const at = () => timestamp({ withTimezone: true });

/** One phone verification in progress: the latest code, hashed, with its attempts and expiry. */
export const phoneChallenges = pgTable(
  'phone_challenges',
  {
    id: uuid().primaryKey().defaultRandom(),
    shopId: shopIdColumn(),
    phone: text().notNull(),
    /** HMAC-SHA256 of challenge id and code under a server key; the code itself is never stored. */
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    sendCount: integer().notNull().default(1),
    sentAt: at().notNull(),
    expiresAt: at().notNull(),
    /** Set once, by the verify call that used the code: a used code cannot be replayed. */
    verifiedAt: at(),
  },
  (table) => [index().on(table.shopId, table.phone)],
);

/** Every code sent, for the per-phone and per-IP hourly limits (counted across shops). */
export const otpSends = pgTable(
  'otp_sends',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    shopId: shopIdColumn(),
    phone: text().notNull(),
    ip: text().notNull(),
    sentAt: at().notNull(),
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
    verifiedAt: at().notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.phone] })],
);

/** The core store account ("CommentSold"): created asynchronously by a job. */
export const storeAccounts = pgTable('store_accounts', {
  shopId: uuid()
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  email: text().notNull(),
  /** Lower-cased e-mail: unique across shops. */
  emailNormalised: text().notNull().unique(),
  status: text().$type<'pending' | 'created'>().notNull(),
  requestedAt: at().notNull(),
  createdAt: at(),
});

/** The seller account on the live-selling platform ("popshop.live"), one per shop. */
export const sellerAccounts = pgTable('seller_accounts', {
  shopId: uuid()
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  sellerId: text().notNull().unique(),
  uid: text().notNull(),
  /** Unique across shops: 'Phone number already in use'. */
  phone: text().notNull().unique(),
  email: text().notNull(),
  dashboardUrl: text().notNull(),
  payload: jsonb().$type<SellerPayload>().notNull(),
  createdAt: at().notNull(),
});
