import { createHmac } from 'node:crypto';
import { type LiveMedia, type LiveService, openLiveService } from '@popstage/live';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../clock';

/** Where this server mounts its own live service (not `/live`: that is the admin's Live page). */
export const LIVE_SERVICE_PREFIX = '/live-service';

export const ownLiveServiceUrl = (config: Config) => `${config.APP_URL}${LIVE_SERVICE_PREFIX}`;

/** A key of the app's secret for one purpose, so no new secret needs configuring. */
const derived = (config: Config, purpose: string) =>
  createHmac('sha256', config.SHOPIFY_API_SECRET).update(purpose).digest('base64url');

/** The seller API's bearer key between this app and its own live service. */
export const ownLiveServiceKey = (config: Config) => derived(config, 'live-service');

/**
 * The live service on the app's database connection (its own schema `live` and migrations),
 * as the local Shopify is opened: the app reaches it only over its HTTP API.
 */
export function openAppLiveService(
  database: Database,
  config: Config,
  clock: Clock,
  media: LiveMedia,
  options: { sweep: boolean },
): Promise<LiveService> {
  return openLiveService(
    database.kind === 'pglite'
      ? { kind: 'pglite', client: database.client }
      : { kind: 'postgres', pool: database.pool },
    {
      baseUrl: ownLiveServiceUrl(config),
      apiKey: ownLiveServiceKey(config),
      secret: derived(config, 'live-studio'),
      media,
      now: () => clock.now().getTime(),
      // Expired replays are swept where jobs run (worker or all), not in every web process.
      ...(options.sweep ? {} : { sweepEveryMs: 0 }),
    },
  );
}
