import type { GetStartedEvent } from '@popstage/core/onboarding';
import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { shopIdColumn } from './shops';

/** Get-started events the admin marked complete (steps 3 and 4; steps 1 and 2 are derived). */
export const onboardingEvents = pgTable(
  'onboarding_events',
  {
    shopId: shopIdColumn(),
    event: text().$type<GetStartedEvent>().notNull(),
    completedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.event] })],
);
