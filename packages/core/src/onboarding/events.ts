import { z } from 'zod';

/** The get-started wizard's steps as events (spec 01 §2.11, §3), in order. */
export const GET_STARTED_EVENTS = [
  'STEP_ENABLE_VIDEEO_SDK',
  'STEP_PUBLISH_PRODUCTS_TO_VIDEEO_SC',
  'STEP_ADD_YOUR_FIRST_POPCLIP',
  'STEP_PUBLISH_YOUR_FIRST_POPCLIP_CAROUSEL',
] as const;
export type GetStartedEvent = (typeof GET_STARTED_EVENTS)[number];

/** The Shop entity's getStartedStatus. */
export const getStartedStatusSchema = z.object({
  completionPercentage: z.number(),
  events: z.array(z.enum(GET_STARTED_EVENTS)),
});
export type GetStartedStatus = z.infer<typeof getStartedStatusSchema>;
