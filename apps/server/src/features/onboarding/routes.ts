import { onboardingContract as contract } from '@popstage/core/onboarding';
import type { GetStartedStatus } from '@popstage/core/shop';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import type { Tenant } from '../../tenant';
import { countPopclips } from '../popclips';
import { recordWizardEvent, wizardStatus } from './service';

const wire = (status: GetStartedStatus) => ({
  data: { completion_percentage: status.completionPercentage, events: status.events },
});

/** The get-started wizard (spec 01 §2.11, §7) from core's onboarding contract. */
export async function onboardingRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const status = async (tenant: Tenant) =>
    wire(await wizardStatus(deps, tenant, await countPopclips(deps.database.db, tenant.shop.id)));

  serveRoute(app, contract.status, async ({ tenant }) => status(tenant));

  serveRoute(app, contract.record, async ({ tenant, body }) => {
    await recordWizardEvent(deps, tenant, body.event);
    return status(tenant);
  });
}
