import type { StorefrontEventsAnswer, StorefrontEventsBody } from '@popstage/core/storefront';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { markDirtyHours } from '../analytics';
import { EVENT_MAX_AGE_MS, planBatch, SANDBOX_EVENT_MAX_AGE_MS } from './batch';
import { knownClipIds, storeBatch } from './store';
import { VIEW_LIMITS_JOB, VIEW_LIMITS_THROTTLE_SECONDS } from './view-limit-job';

/**
 * Storefront events of one visitor: unknown or other shops' clips are rejected, views deduped per
 * visitor and clip for 30 minutes, likes kept per visitor. A batch that takes the shop's view
 * total to its limit queues the view-limits job for the shop.
 */
export async function ingestEvents(
  deps: Pick<AppDeps, 'database' | 'queue' | 'clock' | 'config'>,
  shop: ShopRow,
  body: StorefrontEventsBody,
): Promise<StorefrontEventsAnswer> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const known = await knownClipIds(db, shop.id, [...new Set(body.events.map((e) => e.clipId))]);
  const events = body.events.filter((event) => known.has(event.clipId));
  const rejected = body.events.length - events.length;
  if (events.length === 0) return { accepted: 0, deduped: 0, rejected };
  const maxAge = deps.config.PLATFORM === 'sandbox' ? SANDBOX_EVENT_MAX_AGE_MS : EVENT_MAX_AGE_MS;
  const plan = planBatch(events, now, maxAge);
  const stored = await storeBatch(db, {
    shopId: shop.id,
    visitorId: body.visitorId,
    sessionId: body.sessionId ?? null,
    plan,
    now,
  });
  // After the commit, so the Insights rollup that takes the mark sees these rows.
  await markDirtyHours(
    db,
    shop.id,
    [...plan.views, ...plan.others].map((event) => event.occurredAt),
  );
  const deduped = plan.dedupedInBatch + (plan.views.length - stored.countedViews);
  const { limit } = stored;
  // No stored state yet (first views of the shop), or this batch took the total to the limit.
  const reason =
    stored.countedViews === 0
      ? null
      : limit === undefined
        ? 'init'
        : !limit.limitAccess && limit.maxViews !== -1 && limit.totalViews >= limit.maxViews
          ? 'crossed'
          : null;
  if (reason) {
    await deps.queue.sendThrottled(
      VIEW_LIMITS_JOB,
      { shopId: shop.id },
      null,
      VIEW_LIMITS_THROTTLE_SECONDS,
      `${shop.id}:${reason}`,
    );
  }
  return { accepted: events.length - deduped, deduped, rejected };
}
