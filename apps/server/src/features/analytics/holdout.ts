import {
  type HoldoutAnswer,
  type HoldoutGroupName,
  holdoutEstimate,
  inHoldout,
} from '@popstage/core/analytics';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { holdoutGroups, readHoldoutTest, recordVisit, writeHoldoutTest } from './holdout-store';

type Deps = Pick<AppDeps, 'database' | 'clock'>;

/** The share of the shop's visitors held out of the widget now (0: no test). */
export async function holdoutPercent(deps: Pick<AppDeps, 'database'>, shopId: string) {
  return (await readHoldoutTest(deps.database.db, shopId)).percent;
}

export async function holdoutAnswer(deps: Deps, shop: ShopRow): Promise<HoldoutAnswer> {
  const db = deps.database.db;
  const [test, groups] = await Promise.all([
    readHoldoutTest(db, shop.id),
    holdoutGroups(db, shop.id),
  ]);
  const estimate = holdoutEstimate(groups.exposed, groups.holdout);
  const group = (name: HoldoutGroupName) => ({
    visitors: groups[name].visitors,
    orders: groups[name].orders,
    revenue: groups[name].revenue,
  });
  return {
    percent: test.percent,
    startedAt: test.startedAt?.toISOString() ?? null,
    currency: shop.currency,
    exposed: group('exposed'),
    holdout: group('holdout'),
    estimate: estimate.enough
      ? {
          exposedPerVisitor: estimate.exposedPerVisitor,
          holdoutPerVisitor: estimate.holdoutPerVisitor,
          incrementalPerVisitor: estimate.incrementalPerVisitor,
          low: estimate.low,
          high: estimate.high,
        }
      : null,
  };
}

/** Starts (or restarts, with a new share) or stops the test; the same share changes nothing. */
export async function setHoldout(deps: Deps, shop: ShopRow, percent: number) {
  const current = await readHoldoutTest(deps.database.db, shop.id);
  if (current.percent !== percent) {
    await writeHoldoutTest(deps.database.db, shop.id, percent, deps.clock.now());
  }
  return holdoutAnswer(deps, shop);
}

/**
 * A visitor seen by the widget while a test runs: in the group their id hashes to (the widget
 * computes the same to decide whether to show itself), kept from their first visit on.
 */
export async function countHoldoutVisit(
  deps: Deps,
  shop: ShopRow,
  visitorId: string,
): Promise<HoldoutGroupName | null> {
  const { percent } = await readHoldoutTest(deps.database.db, shop.id);
  if (percent === 0) return null;
  return recordVisit(deps.database.db, {
    shopId: shop.id,
    visitorId,
    group: inHoldout(visitorId, percent) ? 'holdout' : 'exposed',
    at: deps.clock.now(),
  });
}
