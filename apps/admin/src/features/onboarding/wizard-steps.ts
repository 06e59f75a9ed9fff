import {
  GET_STARTED_EVENTS,
  type GetStartedEvent,
  type WizardStatusWire,
} from '@popstage/core/onboarding';
import { ROUTES } from '@popstage/core/routing';

/** The four get-started steps (spec 01 §2.11) with their time hints, in order. */
export interface WizardStep {
  event: GetStartedEvent;
  title: string;
  minutes: number;
}

export const WIZARD_STEPS: readonly WizardStep[] = [
  {
    event: 'STEP_ENABLE_VIDEEO_SDK',
    title: 'Enable the SDK embed and create the live page',
    minutes: 1,
  },
  {
    event: 'STEP_PUBLISH_PRODUCTS_TO_VIDEEO_SC',
    title: 'Publish products to the sales channel',
    minutes: 1,
  },
  { event: 'STEP_ADD_YOUR_FIRST_POPCLIP', title: 'Create your first Popclip', minutes: 2 },
  {
    event: 'STEP_PUBLISH_YOUR_FIRST_POPCLIP_CAROUSEL',
    title: 'Publish your first carousel',
    minutes: 3,
  },
];

export const STEP_LINKS = {
  createPopclip: ROUTES.popclipsCreate,
  createCarousel: ROUTES.popclipsCreateCarousel,
} as const;

export const PREVIOUS_STEPS_TOOLTIP = 'Complete previous steps';

export function timeHint(minutes: number): string {
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export interface StepState {
  step: WizardStep;
  done: boolean;
  /** Done by the merchant's Skip, not by doing it: labelled 'Skipped', not 'Completed'. */
  skipped: boolean;
  /** A step opens once every earlier one is done. */
  enabled: boolean;
}

export function stepStates(
  events: readonly GetStartedEvent[],
  skipped: readonly GetStartedEvent[] = [],
): StepState[] {
  const done = new Set(events);
  return WIZARD_STEPS.map((step, index) => ({
    step,
    done: done.has(step.event),
    skipped: done.has(step.event) && skipped.includes(step.event),
    enabled: WIZARD_STEPS.slice(0, index).every((earlier) => done.has(earlier.event)),
  }));
}

/** 'You're all set' shows at 100 % or once steps 1-3 are done (step 4 is a bonus). */
export function isAllSet(
  status: Pick<WizardStatusWire, 'completion_percentage' | 'events'>,
): boolean {
  if (status.completion_percentage >= 100) return true;
  return GET_STARTED_EVENTS.slice(0, 3).every((event) => status.events.includes(event));
}
