export type { WizardStatusWire } from './contract';
export { onboardingContract, wizardEventBodySchema, wizardStatusSchema } from './contract';
export type { GetStartedEvent, GetStartedStatus } from './events';
export { GET_STARTED_EVENTS, getStartedStatusSchema } from './events';
export { getStartedStatus, onboardedBeforeCutoff } from './progress';
