import type { MobileAppCardFacts } from '@popstage/core/billing';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mobileAppRequests } from '../../db/schema';

/** The review state of the shop's branded-app request, all null before one is submitted. */
export async function mobileAppFacts(db: Db, shopId: string): Promise<MobileAppCardFacts> {
  const [row] = await db
    .select()
    .from(mobileAppRequests)
    .where(eq(mobileAppRequests.shopId, shopId));
  return {
    iosStatus: row?.iosStatus ?? null,
    androidStatus: row?.androidStatus ?? null,
    iosLink: row?.iosLink ?? null,
    androidLink: row?.androidLink ?? null,
    customerIssue: row?.customerIssue ?? null,
    blockedDescription: row?.blockedDescription ?? null,
    requestSubmitted: row ? row.submittedAt !== null : false,
  };
}
