import { type WizardStatusWire, wizardEventBodySchema } from '@popstage/core/account';
import type { GetStartedStatus } from '@popstage/core/shop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordWizardEvent, wizardStatus } from './service';

const wire = (status: GetStartedStatus): { data: WizardStatusWire } => ({
  data: { completion_percentage: status.completionPercentage, events: status.events },
});

/** The get-started wizard (spec 01 §2.11, §7). Registered under /api. */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/shopify/shop/app-setup-wizard', async (request) =>
    wire(await wizardStatus(deps, request.shopDomain)),
  );

  app.post(
    '/shopify/shop/app-setup-wizard',
    { schema: { body: wizardEventBodySchema } },
    async (request) => wire(await recordWizardEvent(deps, request.shopDomain, request.body.event)),
  );
};
