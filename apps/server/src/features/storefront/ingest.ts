import type { StorefrontEventsAnswer, StorefrontEventsBody } from '@popstage/core/storefront';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ingestEvents as ingestMetric } from '../../http/metrics';
import { rollupMarksInsert } from '../analytics';
import { addressCaps, type IngestClient, isKnownBot } from './address-caps';
import { EVENT_MAX_AGE_MS, planBatch, SANDBOX_EVENT_MAX_AGE_MS } from './batch';
import { type StoredBatch, storeBatch } from './store';
import { VIEW_LIMITS_JOB, VIEW_LIMITS_THROTTLE_SECONDS } from './view-limit-job';

/**
 * Storefront events of one visitor: known bots count nothing; unknown or other shops' clips are
 * rejected; views and likes beyond the client network's daily allowance per clip (in distinct
 * visitors) or the site's daily views are dropped, views deduped per visitor and clip for 30
 * minutes, likes kept per visitor. The shop's view total (the view-limit gating) adds only the
 * views counted here; a batch that may have taken it to its limit queues the view-limits job.
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
  const maxAge = deps.config.PLATFORM === 'sandbox' ? SANDBOX_EVENT_MAX_AGE_MS : EVENT_MAX_AGE_MS;
  const { config } = deps;
  const stored = await storeBatch(db, {
    shopId: shop.id,
    visitorId: body.visitorId,
    sessionId: body.sessionId ?? null,
    clipIds: [...new Set(body.events.map((event) => event.clipId))],
    locks: body.events.some((event) => LOCKING.has(event.type)),
    planFor: (known) => {
      const plan = planBatch(
        body.events.filter((event) => known.has(event.clipId)),
        now,
        maxAge,
      );
      // Written in the batch's own transaction: the rollup takes a mark only with its rows.
      const marks = rollupMarksInsert(
        shop.id,
        [...plan.views, ...plan.others].map((event) => event.occurredAt),
      );
      return { plan, marks };
    },
    now,
    // A counted view's client time is at most maxAge old; its dedupe reference too.
    oldest: new Date(now.getTime() - maxAge - 3_600_000),
    caps: client.simulated
      ? null
      : addressCaps(config.SHOPIFY_API_SECRET, client.ip, now, {
          views: config.STOREFRONT_VIEWS_PER_ADDRESS,
          likes: config.STOREFRONT_LIKES_PER_ADDRESS,
          siteViews: config.STOREFRONT_VIEWS_PER_SITE,
        }),
  });
  const { plan } = stored;
  const kept = plan.views.length + plan.others.length + plan.dedupedInBatch;
  const rejected = body.events.length - kept;
  if (kept === 0) return countIngest({ accepted: 0, deduped: 0, rejected });
  const deduped =
    plan.dedupedInBatch + (plan.views.length - stored.countedViews) + stored.cappedLikes;
  const reason = viewLimitReason(stored);
  if (reason && firstSendIn(shop.id, reason, now)) {
    await deps.queue.sendThrottled(
      VIEW_LIMITS_JOB,
      { shopId: shop.id },
      null,
      VIEW_LIMITS_THROTTLE_SECONDS,
      `${shop.id}:${reason}`,
    );
  }
  return countIngest({ accepted: kept - deduped, deduped, rejected });
}

/**
 * Why the view-limits job should look at the shop now: no stored state yet (its first views),
 * or the total of its last check plus this batch reaches the limit, or that total is past 80 %
 * of it (views counted since the check are not summed here: that would put one row back in every
 * batch of the shop). Otherwise the job's 5-minute schedule keeps the stored flag.
 */
function viewLimitReason(stored: StoredBatch): 'init' | 'crossed' | 'near' | null {
  const { countedViews, limit } = stored;
  if (countedViews === 0) return null;
  if (limit === undefined) return 'init';
  if (limit.limitAccess || limit.maxViews === -1) return null;
  if (limit.totalViews + countedViews >= limit.maxViews) return 'crossed';
  return limit.totalViews >= limit.maxViews * 0.8 ? 'near' : null;
}

/** Events that touch the visitor's dedupe or likes, and so take the locks. */
const LOCKING = new Set(['view', 'like', 'unlike']);

/** The job is throttled per shop anyway; this process asks at most once per throttle period. */
const lastSent = new Map<string, number>();
function firstSendIn(shopId: string, reason: string, now: Date): boolean {
  const key = `${shopId}:${reason}`;
  const at = lastSent.get(key);
  if (at !== undefined && now.getTime() - at < VIEW_LIMITS_THROTTLE_SECONDS * 1000) return false;
  if (lastSent.size > 10_000) lastSent.clear();
  lastSent.set(key, now.getTime());
  return true;
}

function countIngest(answer: StorefrontEventsAnswer): StorefrontEventsAnswer {
  for (const outcome of ['accepted', 'deduped', 'rejected'] as const) {
    if (answer[outcome] > 0) ingestMetric.inc({ outcome }, answer[outcome]);
  }
  return answer;
}
