import type { SandboxContext } from '../context';
import { generateTraffic, type TrafficProgress } from '../traffic/generate-traffic';
import { generateViews } from '../traffic/generate-views';
import { HttpError, notFound } from '../web/http-error';

/** One shop's traffic generation, as the control page shows it while it runs and after. */
export interface TrafficRun {
  running: boolean;
  progress: TrafficProgress;
  startedAt: string;
  /** What the run is: a month of traffic, or a chosen number of views added now. */
  kind: 'month' | 'views';
  /** What was sent, once done (a views run: `views` counted, `refused` not). */
  result: {
    visits: number;
    events: number;
    orders: number;
    skipped: string | null;
    views?: number;
    refused?: number;
  } | null;
  error: string | null;
}

/**
 * A month of shopper traffic for a shop, generated in the background through the app's public
 * storefront API and this store's cart and checkout (traffic/generate-traffic.ts), so a newcomer
 * sees a full Insights dashboard. One run per shop at a time; its progress is kept in memory.
 */
export function createTrafficRuns(ctx: SandboxContext) {
  const runs = new Map<string, TrafficRun>();
  return {
    get: (shop: string) => runs.get(shop) ?? null,

    /** A month of traffic, or, with `views`, that many views added to the shop's month now. */
    async start(shop: string, options: { views?: number } = {}): Promise<TrafficRun> {
      if (!(await ctx.store.getShop(shop))) throw notFound(`Shop ${shop} is not a sandbox shop`);
      if (runs.get(shop)?.running)
        throw new HttpError(409, `Traffic is already being generated for ${shop}`);
      const run: TrafficRun = {
        running: true,
        kind: options.views === undefined ? 'month' : 'views',
        progress: { phase: 'feed', done: 0, total: 1 },
        startedAt: ctx.now().toISOString(),
        result: null,
        error: null,
      };
      runs.set(shop, run);
      const onProgress = (progress: TrafficProgress) => {
        run.progress = progress;
      };
      const work: Promise<TrafficRun['result']> =
        options.views === undefined
          ? generateTraffic({
              fetch: ctx.fetch,
              appUrl: ctx.appUrl,
              storeUrl: `${ctx.baseUrl}/sandbox/store/${shop}`,
              shop,
              onProgress,
            }).then((report) => ({
              visits: report.visits,
              events: report.events.length,
              orders: report.orders.length,
              skipped: report.skipped ?? null,
            }))
          : generateViews({
              fetch: ctx.fetch,
              appUrl: ctx.appUrl,
              shop,
              views: options.views,
              onProgress,
            }).then((report) => ({
              visits: report.visitors,
              events: report.counted + report.refused,
              orders: 0,
              skipped: report.skipped ?? null,
              views: report.counted,
              refused: report.refused,
            }));
      work
        .then(
          (result) => {
            run.result = result;
          },
          (error: unknown) => {
            run.error = error instanceof Error ? error.message : String(error);
          },
        )
        .finally(() => {
          run.running = false;
        });
      return run;
    },
  };
}

export type TrafficRuns = ReturnType<typeof createTrafficRuns>;
