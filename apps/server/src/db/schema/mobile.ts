import type { AppRequestBody } from '@popstage/core/mobile';
import { index, integer, jsonb, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { bigintNumber, timestamptz } from './columns';
import { shopIdColumn, shopKeyColumn } from './shops';

/** The shop's branded-app request and store review state (spec 03); drives the landing card. */
export const mobileAppRequests = pgTable('mobile_app_requests', {
  shopId: shopKeyColumn(),
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
  submittedAt: timestamptz(),
  updatedAt: timestamptz().notNull().defaultNow(),
});

/** Every change of a request: the submission and each staff change of its state. */
export const mobileAppRequestHistory = pgTable(
  'mobile_app_request_history',
  {
    id: serial().primaryKey(),
    shopId: shopIdColumn(),
    actor: text().$type<'merchant' | 'staff'>().notNull(),
    change: jsonb().$type<Record<string, unknown>>().notNull(),
    at: timestamptz().notNull().defaultNow(),
  },
  (table) => [index().on(table.shopId, table.id)],
);

/** The app request checklist (spec 03 §3 "App setup"): completion times in ms, 0 = not done. */
export const mobileAppSetups = pgTable('mobile_app_setups', {
  shopId: shopKeyColumn(),
  dunsCompletedAt: bigintNumber().notNull().default(0),
  iosDevCompletedAt: bigintNumber().notNull().default(0),
  addDevEmailCompletedAt: bigintNumber().notNull().default(0),
  updatedAt: timestamptz().notNull().defaultNow(),
});

/** The branded app's appearance and menus (spec 03 §3 "Mobile app config"). */
export const mobileAppConfigs = pgTable('mobile_app_configs', {
  shopId: shopKeyColumn(),
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
  updatedAt: timestamptz().notNull().defaultNow(),
});
