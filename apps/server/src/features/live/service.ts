import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { addonAttributeValue } from '@popstage/core/billing';
import {
  isUnlimitedEvents,
  LIVE_PRODUCT_TITLE_MAX,
  type LiveShowProduct,
  type LiveShowWire,
  liveShowProductSchema,
  LIVE_MESSAGES as M,
  REPLAY_SEGMENT_SECONDS,
} from '@popstage/core/live';
import type { AppDeps } from '../../deps';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors';
import { LivePlatformError, type LiveShow } from '../../platform/live/port';
import { QUICK_H264_AAC, runFfmpeg } from '../../platform/media';
import type { Tenant } from '../../tenant';
import { shopBillingState } from '../billing';
import { importVideoFile } from '../popclips';
import { snapshotOrFetchProducts } from '../storefront';

type Deps = Pick<AppDeps, 'live' | 'database' | 'catalogue' | 'clock'>;

/** Live selling needs the live add-on (spec 01 §2.2, §6) and the seller account. */
async function requireSeller(deps: Deps, tenant: Tenant): Promise<string> {
  const { enabledFeatures } = await shopBillingState(deps, tenant);
  if (!enabledFeatures.includes('live')) throw forbidden(M.needsLive);
  if (!tenant.sellerId) throw new HttpError(409, M.noSeller);
  return tenant.sellerId;
}

/** The live add-on's events per month; -1 when unlimited (above 999999, or -1 in the catalogue). */
export function eventsPerMonth(deps: Pick<AppDeps, 'catalogue'>, tenant: Tenant): number {
  const ids = tenant.plan.subscription?.addonIds ?? [];
  const addon = deps.catalogue.addons.find((a) => a.featureId === 'live' && ids.includes(a.id));
  const value = addon ? addonAttributeValue(addon, 'live.monthlyLiveEvents.max') : 0;
  return value === null || isUnlimitedEvents(value) ? -1 : value;
}

/** Shows starting in the same calendar month (UTC) as `at`. */
function inMonthOf(shows: LiveShow[], at: Date): number {
  const month = at.toISOString().slice(0, 7);
  return shows.filter((show) => show.startsAt.slice(0, 7) === month).length;
}

function platformCall<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    if (error instanceof LivePlatformError) {
      throw new HttpError(502, 'The live selling platform could not be reached. Please try again.');
    }
    throw error;
  });
}

export async function liveShows(deps: Deps, tenant: Tenant) {
  const sellerId = await requireSeller(deps, tenant);
  const shows = await platformCall(deps.live.listShows(sellerId));
  const byStart = (a: LiveShow, b: LiveShow) => a.startsAt.localeCompare(b.startsAt);
  return {
    upcoming: shows.filter((s) => s.status !== 'ended').sort(byStart),
    replays: shows.filter((s) => s.replay !== null).sort((a, b) => byStart(b, a)),
    eventsThisMonth: inMonthOf(shows, deps.clock.now()),
    eventsPerMonth: eventsPerMonth(deps, tenant),
  };
}

/**
 * The show's products with their titles and first pictures, for the seller's studio (the live
 * service holds no catalogue): from the storefront's product snapshot, Shopify asked only for
 * those it lacks. A product the app cannot name now is sent by its id, without a picture.
 */
async function productsSnapshot(
  deps: Pick<AppDeps, 'database' | 'platform' | 'clock'>,
  tenant: Tenant,
  productIds: string[],
): Promise<LiveShowProduct[]> {
  const known = await snapshotOrFetchProducts(deps, tenant.shop, productIds);
  return productIds.map((id) => {
    const product = known.get(id);
    const title = product?.title.trim().slice(0, LIVE_PRODUCT_TITLE_MAX) || id;
    const imageUrl = product?.images[0]?.url ?? null;
    const snapshot = { id, title, imageUrl };
    // A picture the live service would refuse (not an http(s) URL) is left out, not the show.
    return liveShowProductSchema.safeParse(snapshot).success
      ? snapshot
      : { ...snapshot, imageUrl: null };
  });
}

/** Schedules a show unless the plan's events of that month are used up (spec 01 §2.9). */
export async function scheduleLiveShow(
  deps: Deps & Pick<AppDeps, 'platform'>,
  tenant: Tenant,
  body: { title: string; startsAt: string; productIds: string[] },
): Promise<LiveShowWire> {
  const sellerId = await requireSeller(deps, tenant);
  const startsAt = new Date(body.startsAt);
  if (startsAt <= deps.clock.now()) throw badRequest(M.startsInPast);
  const limit = eventsPerMonth(deps, tenant);
  if (limit !== -1) {
    const shows = await platformCall(deps.live.listShows(sellerId));
    if (inMonthOf(shows, startsAt) >= limit) throw new HttpError(422, M.monthFull(limit));
  }
  const productIds = [...new Set(body.productIds)];
  return platformCall(
    deps.live.scheduleShow(sellerId, {
      title: body.title,
      startsAt: startsAt.toISOString(),
      productIds,
      products: await productsSnapshot(deps, tenant, productIds),
    }),
  );
}

/**
 * A replay segment becomes a Popclip: the replay is fetched from the live platform, the segment
 * cut (re-encoded, so it starts on the exact second), and the file goes through the clip job like
 * an upload, tagged with the show's products.
 */
export async function replayToPopclip(
  deps: Deps & Parameters<typeof importVideoFile>[0],
  tenant: Tenant,
  showId: string,
  segment: { title: string; startSeconds: number; endSeconds: number },
): Promise<{ metaIdentifier: string }> {
  const sellerId = await requireSeller(deps, tenant);
  const shows = await platformCall(deps.live.listShows(sellerId));
  const show = shows.find((s) => s.id === showId);
  if (!show) throw notFound(M.showNotFound);
  if (!show.replay) throw new HttpError(409, M.noReplay);
  const length = segment.endSeconds - segment.startSeconds;
  if (
    segment.endSeconds > show.replay.durationSeconds + 0.5 ||
    length < REPLAY_SEGMENT_SECONDS.min ||
    length > REPLAY_SEGMENT_SECONDS.max
  ) {
    throw badRequest(M.segment);
  }
  const work = path.join(tmpdir(), 'popstage-replays', randomBytes(8).toString('hex'));
  await mkdir(work, { recursive: true });
  try {
    const replay = path.join(work, 'replay.mp4');
    await pipeline(
      await platformCall(deps.live.openReplay(sellerId, showId)),
      createWriteStream(replay),
    );
    const cut = path.join(work, 'segment.mp4');
    await runFfmpeg(
      [
        '-y',
        '-ss',
        String(segment.startSeconds),
        '-i',
        replay,
        '-t',
        String(length),
        ...QUICK_H264_AAC,
        '-movflags',
        '+faststart',
        cut,
      ],
      { timeoutMs: 120_000 },
    );
    const { row } = await importVideoFile(deps, tenant, {
      title: segment.title,
      productIds: show.productIds,
      file: cut,
    });
    return { metaIdentifier: row.metaIdentifier };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
