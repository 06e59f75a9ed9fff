import { settingsContract as contract } from '@popstage/core/settings';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { popclipsSettings, savePopclipsSettings } from './service';

/** Popclips settings (spec 02 §2 Settings, §7): the answer's data carries no shopifyDomain. */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  serveRoute(app, contract.popclipsSettings, async ({ tenant }) => ({
    data: await popclipsSettings(deps, tenant),
  }));

  serveRoute(app, contract.savePopclipsSettings, async ({ tenant, body }) => ({
    success: true as const,
    data: await savePopclipsSettings(deps, tenant, body),
  }));
}
