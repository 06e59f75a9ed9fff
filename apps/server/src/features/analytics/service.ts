import type {
  AnalyticsIngestBody,
  AnalyticsStream,
  AppEventsQuery,
} from '@popstage/core/analytics';
import { POPCLIP_SERVER_MESSAGES as S } from '@popstage/core/popclips';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../http/errors';
import type { Tenant } from '../../tenant';
import { clipLikeCounts, clipViewCounts } from './engagement-store';
import { type AppEventRow, insertEvents, listEvents } from './event-store';
import { dirtyHoursInsert } from './rollup-store';

type Deps = Pick<AppDeps, 'database' | 'clock'>;

/** A customer_id sent must be the session's shop (403 otherwise). */
export function assertOwnShop(tenant: Tenant, customerId: string): void {
  if (customerId.trim() !== tenant.shop.shopifyDomain) throw forbidden(S.notYourShop);
}

/**
 * Stores one event or a batch on a stream (the data lake the admin sends to when no external one
 * is configured); an event naming another shop refuses the whole batch (403). Answers how many.
 */
export async function recordAppEvents(
  deps: Deps,
  tenant: Tenant,
  stream: AnalyticsStream,
  body: AnalyticsIngestBody,
): Promise<number> {
  const events = 'events' in body ? body.events : [body];
  const domain = tenant.shop.shopifyDomain;
  if (events.some((event) => event.shopId !== undefined && event.shopId !== domain)) {
    throw forbidden('Events may only be sent for your own shop');
  }
  return insertEvents(deps.database.db, tenant.shop.id, stream, events, deps.clock.now());
}

/** The shop's stored events, newest first, filtered. */
export async function listAppEvents(
  deps: Deps,
  tenant: Tenant,
  query: AppEventsQuery,
): Promise<AppEventRow[]> {
  return listEvents(deps.database.db, tenant.shop.id, query);
}

/** All-time views of each clip (metaIdentifier) from the daily rollup; unknown ids are absent. */
export async function clipViews(
  deps: Deps,
  tenant: Tenant,
  clipIds: string[],
): Promise<Map<string, number>> {
  return clipViewCounts(deps.database.db, tenant.shop.id, clipIds);
}

/** Likes of each clip (metaIdentifier); unknown ids are absent. */
export async function clipLikes(
  deps: Deps,
  tenant: Tenant,
  clipIds: string[],
): Promise<Map<string, number>> {
  return clipLikeCounts(deps.database.db, tenant.shop.id, clipIds);
}

/** Views and likes of each clip, for the clip answers of the admin and the storefront. */
export async function clipCounts(
  db: Db,
  shopId: string,
  clipIds: readonly string[],
): Promise<Map<string, { views: number; likes: number }>> {
  const [views, likes] = await Promise.all([
    clipViewCounts(db, shopId, clipIds),
    clipLikeCounts(db, shopId, clipIds),
  ]);
  return new Map(
    clipIds.map((id) => [id, { views: views.get(id) ?? 0, likes: likes.get(id) ?? 0 }]),
  );
}

/**
 * The statement marking the hours of these instants for the rollup job, for a writer (the
 * storefront's event batches) to run in its own transaction.
 */
export function rollupMarksInsert(shopId: string, instants: Date[]): SQL | null {
  return dirtyHoursInsert(shopId, instants);
}
