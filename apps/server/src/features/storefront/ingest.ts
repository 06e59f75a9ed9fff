import type { StorefrontEventsAnswer, StorefrontEventsBody } from '@popstage/core/storefront';
import type { Database } from '../../db/client';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ingestEvents as ingestMetric } from '../../http/metrics';
import { addressCaps, type IngestClient, isKnownBot } from './address-caps';
import { EVENT_MAX_AGE_MS, planBatch, SANDBOX_EVENT_MAX_AGE_MS } from './batch';
import { groupCommit } from './group-commit';
import { type BatchInput, batchLocks, type StoredBatch, storeBatches } from './store';
import { VIEW_LIMITS_JOB, VIEW_LIMITS_THROTTLE_SECONDS } from './view-limit-job';

/** Stores one batch, grouped with the batches that arrive while others are written. */
export type StoreBatch = (input: BatchInput) => Promise<StoredBatch>;

/**
 * The process's batch writer for a database (docs/decisions.md "Issue 29 point 2: group commit
 * of storefront batches"): one group written at a time. The requests of the next group are read
 * while it runs, so the process and the database still work side by side; a second writer made
 * groups half as big and cost a third more CPU per event in both (measured on 2 cores).
 */
export function batchWriter(database: Database): StoreBatch {
  return groupCommit<BatchInput, StoredBatch>({
    write: (inputs) => storeBatches(database, inputs),
    keysOf: (input) => batchLocks(input).map(([a, b]) => `${a}\n${b}`),
    writers: 1,
    maxItems: MAX_BATCHES,
  });
}

/** A group's bound: 64 batches of up to 50 events make statements of at most 3,200 rows. */
const MAX_BATCHES = 64;

/**
 * Storefront events of one visitor: known bots count nothing; unknown or other shops' clips are
 * rejected; views and likes beyond the client network's daily allowance per clip (in distinct
 * visitors) or the site's daily views are dropped, views deduped per visitor and clip for 30
 * minutes, likes kept per visitor. The shop's view total (the view-limit gating) adds only the
 * views counted here; a batch that may have taken it to its limit queues the view-limits job.
 * The answer is given once the batch is committed (with the others of its group).
 */
export async function ingestEvents(
  deps: Pick<AppDeps, 'queue' | 'clock' | 'config'>,
  store: StoreBatch,
  shop: ShopRow,
  body: StorefrontEventsBody,
  client: IngestClient,
): Promise<StorefrontEventsAnswer> {
  const now = deps.clock.now();
  if (!client.simulated && isKnownBot(client.userAgent ?? '')) {
    return countIngest({ accepted: 0, deduped: 0, rejected: body.events.length });
  }
  const maxAge = deps.config.PLATFORM === 'sandbox' ? SANDBOX_EVENT_MAX_AGE_MS : EVENT_MAX_AGE_MS;
  const { config } = deps;
  // Text PostgreSQL cannot hold (a NUL, half a surrogate pair) would fail the whole group's
  // statement: such an event is no clip's and is rejected, such a session is not kept.
  const events = body.events.filter(
    (event) =>
      storable(event.clipId) && (event.productId === undefined || storable(event.productId)),
  );
  const stored = await store({
    shopId: shop.id,
    visitorId: body.visitorId,
    sessionId: body.sessionId !== undefined && storable(body.sessionId) ? body.sessionId : null,
    clipIds: [...new Set(events.map((event) => event.clipId))],
    locks: events.some((event) => LOCKING.has(event.type)),
    planFor: (known) =>
      planBatch(
        events.filter((event) => known.has(event.clipId)),
        now,
        maxAge,
      ),
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

/** No NUL and no lone surrogate: the text survives JSON into PostgreSQL. */
const storable = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

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
