import { onboardingContract as contract } from '@popstage/core/onboarding';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { queuePublishProducts } from './publish-products-job';
import { recordWizardEvent, wizardStatus } from './service';
import { clipCount } from './store';
import { toWizardStatusWire } from './wire';

/** The get-started wizard (spec 01 §2.11, §7). */
export async function onboardingRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  const popclipCount = (shopId: string) => clipCount(deps.database.db, shopId);

  serveRoute(app, contract.wizard, async ({ tenant }) => ({
    data: toWizardStatusWire(await wizardStatus(deps, tenant, await popclipCount(tenant.shop.id))),
  }));

  serveRoute(app, contract.recordEvent, async ({ tenant, body }) => {
    const count = await popclipCount(tenant.shop.id);
    return { data: toWizardStatusWire(await recordWizardEvent(deps, tenant, body.event, count)) };
  });

  // Step 2 reads the published count from the store; the admin re-reads the wizard until it moves.
  serveRoute(app, contract.publishProducts, async ({ tenant }) => {
    await queuePublishProducts(deps, tenant.shop.id);
    return { data: { queued: true as const } };
  });
}
