import { GET_STARTED_EVENTS, type GetStartedEvent, type GetStartedStatus } from './events';

/** Each get-started step weighs 25 percent (spec 01 §4, §9). */
export const GET_STARTED_STEP_WEIGHT = 25;
/** Shops onboarded before this date skip the first-popclip step (spec 01 §2.2). */
export const ONBOARDING_CUTOFF = '2024-12-05';

export interface GetStartedFacts {
  embedEnabled: boolean;
  livePageCreated: boolean;
  publishedProductsToSalesChannelCount: number;
  /** Events stored as completed (e.g. first popclip added, first carousel published). */
  completedEvents: readonly GetStartedEvent[];
}

/** Steps 1 and 2 complete themselves from live store state; the others come from stored events. */
export function getStartedStatus(facts: GetStartedFacts): GetStartedStatus {
  const done = new Set<GetStartedEvent>(facts.completedEvents);
  if (facts.embedEnabled && facts.livePageCreated) done.add('STEP_ENABLE_VIDEEO_SDK');
  if (facts.publishedProductsToSalesChannelCount > 0)
    done.add('STEP_PUBLISH_PRODUCTS_TO_VIDEEO_SC');
  const events = GET_STARTED_EVENTS.filter((event) => done.has(event));
  return { completionPercentage: events.length * GET_STARTED_STEP_WEIGHT, events };
}

export function onboardedBeforeCutoff(onBoardedOn: string | null): boolean {
  return onBoardedOn !== null && onBoardedOn.slice(0, 10) < ONBOARDING_CUTOFF;
}
