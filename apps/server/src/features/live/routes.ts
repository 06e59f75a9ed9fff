import { liveContract as contract } from '@popstage/core/live';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { liveShows, replayToPopclip, scheduleLiveShow } from './service';

/** /live's shows and replays (spec 01 §2.7, spec 03 Live). */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  serveRoute(app, contract.shows, async ({ tenant }) => ({ data: await liveShows(deps, tenant) }));

  serveRoute(app, contract.schedule, async ({ tenant, body }) => ({
    data: await scheduleLiveShow(deps, tenant, body),
  }));

  serveRoute(app, contract.replayToPopclip, async ({ tenant, params, body }) => ({
    data: await replayToPopclip(deps, tenant, params.showId, body),
  }));
}
