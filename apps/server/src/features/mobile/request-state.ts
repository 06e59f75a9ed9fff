import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mobileAppRequests } from '../../db/schema';

/** Submitted: the merchant's request exists, or staff gave the shop a submitted state. */
export async function isRequestSubmitted(db: Db, shopId: string): Promise<boolean> {
  const [row] = await db
    .select({ submittedAt: mobileAppRequests.submittedAt })
    .from(mobileAppRequests)
    .where(eq(mobileAppRequests.shopId, shopId));
  return Boolean(row?.submittedAt);
}
