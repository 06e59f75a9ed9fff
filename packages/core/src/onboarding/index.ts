export type { WizardStatusWire } from './contract';
export { onboardingContract } from './contract';
export type { GetStartedEvent, GetStartedStatus } from './events';
export { GET_STARTED_EVENTS } from './events';
export { getStartedStatus, onboardedBeforeCutoff } from './progress';
