import type { SandboxContext } from '../context';
import { generateTraffic, type TrafficProgress } from '../traffic/generate-traffic';
import { HttpError, notFound } from '../web/http-error';

/** One shop's traffic generation, as the control page shows it while it runs and after. */
export interface TrafficRun {
  running: boolean;
  progress: TrafficProgress;
  startedAt: string;
  /** What was sent, once done. */
  result: { visits: number; events: number; orders: number; skipped: string | null } | null;
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

    async start(shop: string): Promise<TrafficRun> {
      if (!(await ctx.store.getShop(shop))) throw notFound(`Shop ${shop} is not a sandbox shop`);
      if (runs.get(shop)?.running)
        throw new HttpError(409, `Traffic is already being generated for ${shop}`);
      const run: TrafficRun = {
        running: true,
        progress: { phase: 'feed', done: 0, total: 1 },
        startedAt: ctx.now().toISOString(),
        result: null,
        error: null,
      };
      runs.set(shop, run);
      generateTraffic({
        fetch: ctx.fetch,
        appUrl: ctx.appUrl,
        storeUrl: `${ctx.baseUrl}/sandbox/store/${shop}`,
        shop,
        onProgress: (progress) => {
          run.progress = progress;
        },
      })
        .then(
          (report) => {
            run.result = {
              visits: report.visits,
              events: report.events.length,
              orders: report.orders.length,
              skipped: report.skipped ?? null,
            };
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
