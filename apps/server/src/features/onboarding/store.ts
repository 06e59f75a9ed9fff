import type { GetStartedEvent } from '@popstage/core/onboarding';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { onboardingEvents, popclips, shops } from '../../db/schema';

export async function storedEvents(db: Db, shopId: string): Promise<GetStartedEvent[]> {
  const rows = await db
    .select({ event: onboardingEvents.event })
    .from(onboardingEvents)
    .where(eq(onboardingEvents.shopId, shopId));
  return rows.map((row) => row.event);
}

/** Records the event once; a repeat changes nothing (its first completion time is kept). */
export async function storeEvent(
  db: Db,
  shopId: string,
  event: GetStartedEvent,
  at: Date,
): Promise<void> {
  await db
    .insert(onboardingEvents)
    .values({ shopId, event, completedAt: at })
    .onConflictDoNothing();
}

/** Sets onBoardedOn the first time only; answers the stored value. */
export async function markOnboarded(db: Db, shopId: string, at: Date): Promise<Date | null> {
  await db
    .update(shops)
    .set({ onBoardedOn: at })
    .where(and(eq(shops.id, shopId), isNull(shops.onBoardedOn)));
  const [row] = await db
    .select({ onBoardedOn: shops.onBoardedOn })
    .from(shops)
    .where(eq(shops.id, shopId));
  return row?.onBoardedOn ?? null;
}

/**
 * How many clips the shop has: the wizard's first step follows it. Read here, not through the
 * popclips area, which sits above onboarding (its clips complete onboarding steps).
 */
export async function clipCount(db: Db, shopId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(popclips)
    .where(eq(popclips.shopId, shopId));
  return row?.value ?? 0;
}
