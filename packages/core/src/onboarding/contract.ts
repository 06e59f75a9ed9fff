import { z } from 'zod';
import { dataAnswer } from '../contract/answers';
import { defineRoute } from '../contract/define';
import { GET_STARTED_EVENTS } from './events';

/** The get-started wizard's calls (spec 01 §2.11, §7; docs/api.md). */

const wizardEventBodySchema = z.object({
  event: z.enum(GET_STARTED_EVENTS),
});

/** The wizard's state as the spec's wire names it. */
const wizardStatusSchema = z.object({
  completion_percentage: z.number(),
  events: z.array(z.enum(GET_STARTED_EVENTS)),
});
export type WizardStatusWire = z.infer<typeof wizardStatusSchema>;

const wizardAnswer = dataAnswer(wizardStatusSchema);

export const onboardingContract = {
  wizard: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/app-setup-wizard',
    response: wizardAnswer,
    summary: "The wizard's progress: steps 1 and 2 read from the store, 3 and 4 stored",
  }),
  recordEvent: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/app-setup-wizard',
    body: wizardEventBodySchema,
    response: wizardAnswer,
    summary: 'Marks a wizard step done (the first popclip, the first carousel)',
  }),
  publishProducts: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/app-setup-wizard/publish-products',
    status: 202,
    response: dataAnswer(z.object({ queued: z.literal(true) })),
    summary: "Step 2: publishes the shop's active products to the Popstage sales channel (a job)",
  }),
};
