import { z } from 'zod';
import { defineRoute } from '../contract/define';
import { GET_STARTED_EVENTS } from '../shop/types';

/** The get-started wizard's calls (spec 01 §2.11, §7). */

const wizardStatusSchema = z.object({
  data: z.object({
    completion_percentage: z.number(),
    events: z.array(z.enum(GET_STARTED_EVENTS)),
  }),
});
export type WizardStatusWire = z.infer<typeof wizardStatusSchema>['data'];

export const onboardingContract = {
  status: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/app-setup-wizard',
    response: wizardStatusSchema,
    summary: "The wizard's completion and completed steps",
  }),
  record: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/app-setup-wizard',
    body: z.object({ event: z.enum(GET_STARTED_EVENTS) }),
    response: wizardStatusSchema,
    summary: 'Marks a step the admin completes (steps 3 and 4); steps 1 and 2 follow the store',
  }),
};
