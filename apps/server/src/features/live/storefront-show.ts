import {
  STOREFRONT_LIVE_CACHE_SECONDS,
  type StorefrontLiveAnswer,
  type StorefrontLiveShow,
  storefrontContract,
} from '@popstage/core/storefront';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { serveRoute } from '../../http/contract-route';
import { HttpError } from '../../http/errors';
import type { LiveShow } from '../../platform/live/port';
import { sellerAccountOf } from '../account';
import { planFacts, shopBillingState } from '../billing';
import { liveShowProducts, type StorefrontPart } from '../storefront';

/** A scheduled show whose seller is late still reads "Live soon" this long after its start. */
export const SCHEDULED_GRACE_MS = 6 * 3600_000;

/**
 * Which of the seller's shows the storefront plays: the one live now, else the next scheduled
 * one (late ones within SCHEDULED_GRACE_MS), else the newest replay still kept (the platform
 * leaves out expired ones) that has something to play.
 */
export function showForShoppers(shows: LiveShow[], now: Date): LiveShow | null {
  const started = (show: LiveShow) => show.startedAt ?? show.startsAt;
  const live = shows
    .filter((show) => show.status === 'live')
    .sort((a, b) => started(b).localeCompare(started(a)))[0];
  if (live) return live;
  const next = shows
    .filter(
      (show) =>
        show.status === 'scheduled' &&
        Date.parse(show.startsAt) >= now.getTime() - SCHEDULED_GRACE_MS,
    )
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0];
  if (next) return next;
  const ended = (show: LiveShow) => show.endedAt ?? started(show);
  return (
    shows
      .filter(
        (show) =>
          show.status === 'ended' &&
          show.replay !== null &&
          !!(show.playback?.hls || show.playback?.mp4),
      )
      .sort((a, b) => ended(b).localeCompare(ended(a)))[0] ?? null
  );
}

type Deps = Pick<AppDeps, 'live' | 'database' | 'catalogue' | 'clock'>;

/**
 * The shop's show for its storefront: null without live selling on its plan or a seller account.
 * A platform failure is a 502 (the player shows nothing; the next poll tries again).
 */
export async function storefrontLiveShow(deps: Deps, shop: ShopRow): Promise<LiveShow | null> {
  const db = deps.database.db;
  const [seller, plan] = await Promise.all([
    sellerAccountOf(db, shop.id),
    planFacts(db, deps.catalogue, shop),
  ]);
  if (!seller) return null;
  const { enabledFeatures } = await shopBillingState(deps, { shop, plan });
  if (!enabledFeatures.includes('live')) return null;
  let shows: LiveShow[];
  try {
    shows = await deps.live.listShows(seller.sellerId);
  } catch {
    throw new HttpError(502, 'The live show could not be loaded. Please try again.');
  }
  return showForShoppers(shows, deps.clock.now());
}

function toStorefrontLiveShow(show: LiveShow): StorefrontLiveShow {
  return {
    id: show.id,
    title: show.title,
    status: show.status,
    startsAt: show.startsAt,
    publicApi: show.playback?.publicApi ?? null,
    hls: show.playback?.hls ?? null,
    mp4: show.playback?.mp4 ?? null,
    lowLatency: show.playback?.lowLatency ?? false,
  };
}

/**
 * GET /storefront/v1/shops/:shop/live, served inside the storefront API's scope (its CORS for the
 * shop's origins, its rate limit, its 404 for unknown shops) though the live area owns it.
 */
export const liveStorefrontPart: StorefrontPart = async (app, { requireShop, mounted }) => {
  const { deps } = app;
  serveRoute(app, mounted(storefrontContract.live), async (request, reply) => {
    const shop = await requireShop(request);
    reply.header('cache-control', 'no-store');
    const show = await storefrontLiveShow(deps, shop);
    const answer: StorefrontLiveAnswer = {
      show: show && toStorefrontLiveShow(show),
      products: show ? await liveShowProducts(deps, shop, show.productIds) : [],
    };
    reply
      .header('cache-control', `public, max-age=${STOREFRONT_LIVE_CACHE_SECONDS}`)
      .header('vary', 'origin');
    return answer;
  });
};
