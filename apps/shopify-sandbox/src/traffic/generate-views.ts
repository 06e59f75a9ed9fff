import { postWithRetry, SHOPPER_USER_AGENT, type TrafficProgress } from './generate-traffic';

/** At most this many views a run: a Premium shop's month is unlimited, a run is not. */
export const MAX_VIEWS_PER_RUN = 20_000;

export interface ViewsOptions {
  fetch: typeof globalThis.fetch;
  /** The app's public URL (the storefront API's origin). */
  appUrl: string;
  shop: string;
  /** Views to add, 1 to MAX_VIEWS_PER_RUN. */
  views: number;
  /** The present (default: the current time). */
  now?: Date;
  onProgress?: (progress: TrafficProgress) => void;
}

export interface ViewsReport {
  /** Views the app counted. */
  counted: number;
  /** Views it did not (the shop's view limit reached, a clip gone meanwhile…). */
  refused: number;
  visitors: number;
  skipped?: string;
}

/**
 * Adds a chosen number of views to the shop's month, as that many shopper views through the app's
 * public storefront API, now: so a merchant can bring the month to the 80 % or 100 % of a plan's
 * views and see the admin's notices offline. Each shopper watches every clip of the feed once (the
 * app counts one view per shopper and clip), so N views take about N / clips shoppers.
 */
export async function generateViews(options: ViewsOptions): Promise<ViewsReport> {
  const { fetch, shop } = options;
  const target = Math.min(MAX_VIEWS_PER_RUN, Math.max(0, Math.floor(options.views)));
  const now = (options.now ?? new Date()).getTime();
  const progress = options.onProgress ?? (() => {});
  const api = `${options.appUrl.replace(/\/$/, '')}/storefront/v1/shops/${encodeURIComponent(shop)}`;
  const report: ViewsReport = { counted: 0, refused: 0, visitors: 0 };

  progress({ phase: 'feed', done: 0, total: 1 });
  const feedResponse = await fetch(`${api}/feed`, {
    headers: { 'user-agent': SHOPPER_USER_AGENT },
  });
  if (!feedResponse.ok) throw new Error(`feed answered ${feedResponse.status}`);
  const clips = ((await feedResponse.json()) as { clips: { id: string }[] }).clips;
  if (clips.length === 0)
    return { ...report, skipped: 'The shop has no processed public clip to show.' };

  let sent = 0;
  while (sent < target) {
    const visitor = await postWithRetry(fetch, `${api}/visitors`, {}, 201);
    const { visitorId } = (await visitor.json()) as { visitorId: string };
    const watched = clips.slice(0, target - sent);
    const response = await postWithRetry(fetch, `${api}/events`, {
      visitorId,
      sessionId: `s-views-${now.toString(36)}-${report.visitors}`,
      events: watched.map((clip, index) => ({
        type: 'view',
        clipId: clip.id,
        at: new Date(now - 1000 * (watched.length - index)).toISOString(),
      })),
    });
    const answer = (await response.json()) as { accepted: number };
    sent += watched.length;
    report.visitors += 1;
    report.counted += answer.accepted;
    report.refused += watched.length - answer.accepted;
    progress({ phase: 'visits', done: sent, total: target });
  }
  progress({ phase: 'done', done: target, total: target });
  return report;
}
