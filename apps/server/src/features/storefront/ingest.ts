import type { StorefrontEventsAnswer, StorefrontEventsBody } from '@popstage/core/storefront';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ingestEvents as ingestMetric } from '../../http/metrics';
import { markDirtyHours } from '../analytics';
import { addressHash, type IngestClient, isKnownBot, withinAddressCaps } from './address-caps';
import { EVENT_MAX_AGE_MS, planBatch, SANDBOX_EVENT_MAX_AGE_MS } from './batch';
import { knownClipIds, storeBatch } from './store';
import { VIEW_LIMITS_JOB, VIEW_LIMITS_THROTTLE_SECONDS } from './view-limit-job';

/**
 * Storefront events of one visitor: known bots count nothing; unknown or other shops' clips are
 * rejected; views and likes beyond the client address's daily cap per clip are dropped, views
 * deduped per visitor and clip for 30 minutes, likes kept per visitor. The shop's view total (the
 * view-limit gating) adds only the views counted here. A batch that takes that total to its
 * limit queues the view-limits job for the shop.
 */
export async function ingestEvents(
  deps: Pick<AppDeps, 'database' | 'queue' | 'clock' | 'config'>,
  shop: ShopRow,
  body: StorefrontEventsBody,
  client: IngestClient,
): Promise<StorefrontEventsAnswer> {
  const db = deps.database.db;
  const now = deps.clock.now();
  if (!client.simulated && isKnownBot(client.userAgent ?? '')) {
    return countIngest({ accepted: 0, deduped: 0, rejected: body.events.length });
  }
  const known = await knownClipIds(db, shop.id, [...new Set(body.events.map((e) => e.clipId))]);
  const events = body.events.filter((event) => known.has(event.clipId));
  const rejected = body.events.length - events.length;
  if (events.length === 0) return countIngest({ accepted: 0, deduped: 0, rejected });
  const maxAge = deps.config.PLATFORM === 'sandbox' ? SANDBOX_EVENT_MAX_AGE_MS : EVENT_MAX_AGE_MS;
  const planned = planBatch(events, now, maxAge);
  const { plan, capped } = client.simulated
    ? { plan: planned, capped: 0 }
    : await withinAddressCaps(db, {
        shopId: shop.id,
        addressHash: addressHash(deps.config.SHOPIFY_API_SECRET, client.ip),
        day: now.toISOString().slice(0, 10),
        plan: planned,
        caps: {
          views: deps.config.STOREFRONT_VIEWS_PER_ADDRESS,
          likes: deps.config.STOREFRONT_LIKES_PER_ADDRESS,
        },
      });
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
  const deduped = capped + plan.dedupedInBatch + (plan.views.length - stored.countedViews);
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
  return countIngest({ accepted: events.length - deduped, deduped, rejected });
}

function countIngest(answer: StorefrontEventsAnswer): StorefrontEventsAnswer {
  for (const outcome of ['accepted', 'deduped', 'rejected'] as const) {
    if (answer[outcome] > 0) ingestMetric.inc({ outcome }, answer[outcome]);
  }
  return answer;
}
