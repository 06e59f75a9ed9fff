import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from './shops';

/** The shop's branded-app request and store review state (spec 03); drives the landing card. */
export const mobileAppRequests = pgTable('mobile_app_requests', {
  shopId: uuid()
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  iosStatus: text(),
  androidStatus: text(),
  iosLink: text(),
  androidLink: text(),
  customerIssue: text(),
  blockedDescription: text(),
  submittedAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
