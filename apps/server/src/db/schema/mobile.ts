import type { AppRequestBody } from '@popstage/core/mobile';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { shopIdColumn, shops } from './shops';

/** The shop's branded-app request and store review state (spec 03); drives the landing card. */
export const mobileAppRequests = pgTable('mobile_app_requests', {
  shopId: uuid()
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  /** The request's id and sk identifier (spec 03 §3); null for a staff preset without a request. */
  requestId: uuid(),
  skIdentifier: text(),
  /** The fields the merchant submitted (VFSNewApp); null for a staff preset. */
  fields: jsonb().$type<Omit<AppRequestBody, 'primaryColor' | 'secondaryColor' | 'collectionId'>>(),
  iosStatus: text(),
  androidStatus: text(),
  iosLink: text(),
  androidLink: text(),
  customerIssue: text(),
  blockedDescription: text(),
  submittedAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every change of a request: the submission and each staff change of its state. */
export const mobileAppRequestHistory = pgTable(
  'mobile_app_request_history',
  {
    id: serial().primaryKey(),
    shopId: shopIdColumn(),
    actor: text().$type<'merchant' | 'staff'>().notNull(),
    change: jsonb().$type<Record<string, unknown>>().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.shopId, table.id)],
);

/** The app request checklist (spec 03 §3 "App setup"): completion times in ms, 0 = not done. */
export const mobileAppSetups = pgTable('mobile_app_setups', {
  shopId: uuid()
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  dunsCompletedAt: bigint({ mode: 'number' }).notNull().default(0),
  iosDevCompletedAt: bigint({ mode: 'number' }).notNull().default(0),
  addDevEmailCompletedAt: bigint({ mode: 'number' }).notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The branded app's appearance and menus (spec 03 §3 "Mobile app config"). */
export const mobileAppConfigs = pgTable('mobile_app_configs', {
  shopId: uuid()
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  /** Public: the branded app reads its config by it (/mobile/v1/config/:id). */
  publicAppId: uuid().notNull().unique().defaultRandom(),
  collectionId: text(),
  primaryColor: text(),
  secondaryColor: text(),
  bannerColor: text(),
  liveBannerColor: text(),
  bannerTitle: text(),
  bannerText: text(),
  liveBannerTitle: text(),
  liveBannerText: text(),
  font: text(),
  headerLogoUrl: text(),
  menuHandle: text(),
  shopMenuHandle: text(),
  customLinksHandle: text(),
  showInventoryLimit: integer().notNull().default(10),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
