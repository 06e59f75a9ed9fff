import type { GetStartedEvent } from '@popstage/core/onboarding';
import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { shopIdColumn } from './shops';

/** Get-started events the admin marked complete (steps 3 and 4; steps 1 and 2 are derived). */
export const onboardingEvents = pgTable(
  'onboarding_events',
  {
    shopId: shopIdColumn(),
    event: text().$type<GetStartedEvent>().notNull(),
    completedAt: timestamptz().notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.event] })],
);
