import type { AppSetup } from '@popstage/core/mobile';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mobileAppSetups } from '../../db/schema';

const NOT_DONE: AppSetup = { dunsCompletedAt: 0, iosDevCompletedAt: 0, addDevEmailCompletedAt: 0 };

/** The checklist's three completion times (0 = not done) of the shop. */
export async function readAppSetup(db: Db, shopId: string): Promise<AppSetup> {
  const [row] = await db.select().from(mobileAppSetups).where(eq(mobileAppSetups.shopId, shopId));
  if (!row) return NOT_DONE;
  const { dunsCompletedAt, iosDevCompletedAt, addDevEmailCompletedAt } = row;
  return { dunsCompletedAt, iosDevCompletedAt, addDevEmailCompletedAt };
}

export async function saveAppSetup(
  db: Db,
  shopId: string,
  steps: Partial<AppSetup>,
  now: Date,
): Promise<AppSetup> {
  const values = { ...steps, updatedAt: now };
  await db
    .insert(mobileAppSetups)
    .values({ shopId, ...values })
    .onConflictDoUpdate({ target: mobileAppSetups.shopId, set: values });
  return readAppSetup(db, shopId);
}

export const isChecklistComplete = (setup: AppSetup) =>
  setup.dunsCompletedAt > 0 && setup.iosDevCompletedAt > 0 && setup.addDevEmailCompletedAt > 0;
